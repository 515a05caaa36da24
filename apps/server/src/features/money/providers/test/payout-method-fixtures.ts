import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PayoutMethod } from '@glimpse/contract';
import { passkeys, sessions } from '../../../../db/schema/index.ts';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { sessionIdFromToken } from '../../../auth/session-token.ts';

/** Tests only: where payouts go, and the second factor that guards changing it. */

/** A valid German account (ibantools' own example), written as a person types it. */
export const TEST_BANK_ACCOUNT = {
  holder_name: 'Erika Mustermann',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
};
export const TEST_IBAN = 'DE89370400440532013000';

export function putPayoutMethod(api: Client, body: object = TEST_BANK_ACCOUNT) {
  return api.put('/api/wallet/payout-method', body);
}

/** Saves TEST_BANK_ACCOUNT (or `body`) as the creator's payout method; fails the test if refused. */
export async function setBankAccount(
  api: Client,
  body: object = TEST_BANK_ACCOUNT,
): Promise<PayoutMethod> {
  const response = await putPayoutMethod(api, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PayoutMethod>();
}

/** Gives the account a second factor, as registering a passkey would (a row of its own). */
export async function enableSecondFactor(server: TestServer, userId: number): Promise<void> {
  await server.ctx.db.insert(passkeys).values({
    userId,
    credentialId: `test-credential-${userId}-${Date.now()}`,
    publicKey: new Uint8Array([1, 2, 3]),
    name: 'Test key',
  });
}

/** Records that the client's session proved its second factor at `at` (now unless told). */
export async function proveSecondFactor(
  server: TestServer,
  api: Client,
  at: Date = new Date(),
): Promise<void> {
  const updated = await server.ctx.db
    .update(sessions)
    .set({ secondFactorAt: at })
    .where(eq(sessions.id, sessionIdFromToken(api.cookie!)))
    .returning({ id: sessions.id });
  expect(updated).toHaveLength(1);
}

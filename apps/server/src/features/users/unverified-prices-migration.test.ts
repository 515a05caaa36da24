import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { verifyUser } from '../../test/stories.ts';

const MIGRATION = fileURLToPath(
  new URL('../../db/migrations/0004_unverified_prices.sql', import.meta.url),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function pricesOf(id: number) {
  const [row] = await server.ctx.db
    .select({ s: users.subscribePriceCents, d: users.directMessagePriceCents })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

describe('migration 0004: prices held by unverified users', () => {
  it('clears the prices of unverified users and keeps those of verified ones', async () => {
    const legacy = await signedUpUser(server);
    const free = await signedUpUser(server);
    const verified = await signedUpUser(server);
    await verifyUser(server, verified.user.id);
    // Rows as they were before the rule: written past the service, as the old demo seed did.
    for (const { user } of [legacy, verified]) {
      await server.ctx.db
        .update(users)
        .set({ subscribePriceCents: 499, directMessagePriceCents: 250 })
        .where(eq(users.id, user.id));
    }
    await server.ctx.db
      .update(users)
      .set({ subscribePriceCents: 0 })
      .where(eq(users.id, free.user.id));

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      await server.ctx.database.executeSql(statement);
    }

    expect(await pricesOf(legacy.user.id)).toEqual({ s: null, d: null });
    expect(await pricesOf(free.user.id)).toEqual({ s: 0, d: null });
    expect(await pricesOf(verified.user.id)).toEqual({ s: 499, d: 250 });
  });
});

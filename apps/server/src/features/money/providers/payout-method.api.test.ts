import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payout, PayoutMethod, Wallet } from '@glimpse/contract';
import { payoutMethods, payouts } from '../../../db/schema/index.ts';
import { client, startTestServer, type Client, type TestServer } from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import { recipientsOf, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { ledgerCounts, ledgerViolations } from '../ledger/test/ledger-fixtures.ts';
import { openIban } from './payout-method-crypto.ts';
import { earningCreator, waitFor } from './test/payments-fixtures.ts';
import {
  enableSecondFactor,
  proveSecondFactor,
  putPayoutMethod,
  setBankAccount,
  TEST_BANK_ACCOUNT,
  TEST_IBAN,
} from './test/payout-method-fixtures.ts';

/** Where payouts go, with the sandbox provider: a bank account (issue 27). */

let sink: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ smtpUrl: sink.url });
  // The sandbox settles payouts by webhook to this server's own address.
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const methodOf = async (api: Client) =>
  (await api.get('/api/wallet/payout-method')).json<{ method: PayoutMethod | null }>().method;
const storedRow = async (userId: number) =>
  (await server.ctx.db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId)))[0];
const askPayout = (api: Client) =>
  api.request({
    method: 'POST',
    url: '/api/wallet/payouts',
    payload: {},
    headers: { 'idempotency-key': randomUUID() },
  });
const payoutsOf = (userId: number) =>
  server.ctx.db.select().from(payouts).where(eq(payouts.userId, userId));
const withdrawableOf = async (api: Client) =>
  (await api.get('/api/wallet')).json<Wallet>().earnings.withdrawable;

describe('a bank account as the payout method', () => {
  it('is none until set; then answered masked: country, check digits and the last two', async () => {
    const { client: api } = await signedUpUser(server);
    expect((await api.get('/api/wallet/payout-method')).json()).toEqual({
      method: null,
      accepts: 'bank_account',
    });

    const saved = await setBankAccount(api);
    expect(saved).toEqual({
      kind: 'bank_account',
      holder_name: 'Erika Mustermann',
      iban_masked: 'DE89 •••• •••• •••• •••• 00',
      bic: 'COBADEFFXXX',
      updated_at: expect.any(String),
    });
    expect(await methodOf(api)).toEqual(saved);
  });

  it.each([
    [
      'Germany, grouped',
      'DE89 3704 0044 0532 0130 00',
      'COBADEFFXXX',
      'DE89 •••• •••• •••• •••• 00',
    ],
    ['the Netherlands, lower case', 'nl91abna0417164300', 'abnanl2a', 'NL91 •••• •••• •••• 00'],
    [
      'France, letters inside',
      'FR14 2004 1010 0505 0001 3M02 606',
      'BNPAFRPP',
      'FR14 •••• •••• •••• •••• •••• •06',
    ],
    ['Austria, odd spacing', ' AT61 1904300234573201 ', 'BKAU ATWW', 'AT61 •••• •••• •••• ••01'],
    [
      'the United Kingdom',
      'GB29 NWBK 6016 1331 9268 19',
      'NWBKGB2L',
      'GB29 •••• •••• •••• •••• 19',
    ],
    [
      'Switzerland, a branch BIC',
      'CH93 0076 2011 6238 5295 7',
      'UBSWCHZH80A',
      'CH93 •••• •••• •••• •••5 7',
    ],
  ])('takes a valid account of %s', async (_country, iban, bic, masked) => {
    const { client: api } = await signedUpUser(server);
    const saved = await setBankAccount(api, { holder_name: 'Ann Example', iban, bic });
    expect(saved).toMatchObject({ kind: 'bank_account', iban_masked: masked });
    expect(saved).toMatchObject({ bic: bic.replace(/\s/g, '').toUpperCase() });
  });

  it.each([
    ['a wrong check digit', 'DE88 3704 0044 0532 0130 00'],
    ['a digit too few', 'DE89 3704 0044 0532 0130 0'],
    ['an unknown country', 'XX89 3704 0044 0532 0130 00'],
    ['a wrong character in the account', 'NL91 ABNA 0417 1643 01'],
    ['a Swiss QR-IBAN (for QR bills only)', 'CH44 3199 9123 0008 8901 2'],
    ['nothing', ''],
    ['punctuation', 'DE89-3704-0044-0532-0130-00'],
  ])('refuses an IBAN with %s: iban_invalid on the iban field', async (_case, iban) => {
    const { user, client: api } = await signedUpUser(server);
    const response = await putPayoutMethod(api, { ...TEST_BANK_ACCOUNT, iban });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      err_key: 'iban_invalid',
      err_msg: { iban: ['iban_invalid'] },
      errors: { iban: ['iban_invalid'] },
    });
    expect(await storedRow(user.id)).toBeUndefined();
  });

  it.each([
    ['too short', 'COBADE'],
    ['nine characters', 'COBADEFFX'],
    ['digits for the bank', '1234DEFF'],
    ['an unknown country', 'COBAXXFF'],
    ['nothing', ''],
  ])('refuses a BIC that is %s: bic_invalid on the bic field', async (_case, bic) => {
    const { user, client: api } = await signedUpUser(server);
    const response = await putPayoutMethod(api, { ...TEST_BANK_ACCOUNT, bic });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      {
        err_key: 'bic_invalid',
        err_msg: { bic: ['bic_invalid'] },
        errors: { bic: ['bic_invalid'] },
      },
    ]);
    expect(await storedRow(user.id)).toBeUndefined();
  });

  it('refuses a missing holder, unknown fields and an address not yet confirmed', async () => {
    const { client: api } = await signedUpUser(server);
    for (const body of [
      { iban: TEST_BANK_ACCOUNT.iban, bic: TEST_BANK_ACCOUNT.bic },
      { ...TEST_BANK_ACCOUNT, holder_name: 'A' },
      { ...TEST_BANK_ACCOUNT, swift: 'x' },
    ]) {
      const response = await putPayoutMethod(api, body);
      expect([response.statusCode, response.json().err_key]).toEqual([400, 'validation_failed']);
    }
    const unconfirmed = await signedUpUser(server, {}, { confirmed: false });
    const response = await putPayoutMethod(unconfirmed.client);
    expect([response.statusCode, response.json().err_key]).toEqual([403, 'email_not_verified']);
    expect(await storedRow(unconfirmed.user.id)).toBeUndefined();
  });

  it('never answers or stores the IBAN in clear: sealed for its owner, the last four kept', async () => {
    const owner = await signedUpUser(server);
    await setBankAccount(owner.client);
    const answered = [
      (await owner.client.get('/api/wallet/payout-method')).body,
      (await putPayoutMethod(owner.client)).body,
    ];
    for (const body of answered) {
      expect(body).not.toContain(TEST_IBAN);
      // No group of the account number either: only DE89 and the last two show.
      for (const group of ['3704', '0044', '0532', '0130']) expect(body).not.toContain(group);
    }

    const row = (await storedRow(owner.user.id))!;
    expect(row.ibanLast4).toBe('3000');
    expect(row.ibanEncrypted).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row.ibanEncrypted).not.toContain(TEST_IBAN);
    expect(row.ibanEncrypted).not.toContain('0532013000');
    expect(
      Buffer.from(row.ibanEncrypted!.split('.')[3]!, 'base64url').toString('latin1'),
    ).not.toContain('370400');
    expect(openIban(server.config.secret, owner.user.id, row.ibanEncrypted!)).toBe(TEST_IBAN);
    // Sealed for this owner: another user's id or another SECRET does not open it.
    expect(() => openIban(server.config.secret, owner.user.id + 1, row.ibanEncrypted!)).toThrow();
    expect(() => openIban(`${server.config.secret}x`, owner.user.id, row.ibanEncrypted!)).toThrow();

    // The same IBAN sealed twice differs (a fresh IV each time).
    await setBankAccount(owner.client);
    expect((await storedRow(owner.user.id))!.ibanEncrypted).not.toBe(row.ibanEncrypted);
  });

  it('mails the owner on each change, in their language, without the IBAN', async () => {
    const { user, client: api } = await signedUpUser(server, { language: 'de' });
    const aboutPayouts = (mail: { subject?: string | undefined }) =>
      Boolean(mail.subject?.includes('Auszahlungsdaten'));
    await setBankAccount(api);
    const first = await sink.waitForMail(user.email, aboutPayouts);
    const gb = { holder_name: 'Ann Example', iban: 'GB29NWBK60161331926819', bic: 'NWBKGB2L' };
    await setBankAccount(api, gb);
    const second = await sink.waitForMail(user.email, (m) => m !== first && aboutPayouts(m));

    expect(first.subject).toBe('Deine Glimpse-Auszahlungsdaten wurden geändert');
    expect(first.text).toContain('IBAN auf 00 endet');
    expect(second.text).toContain('IBAN auf 19 endet');
    for (const mail of [first, second]) {
      expect(recipientsOf(mail)).toEqual([user.email.toLowerCase()]);
      for (const part of [mail.subject, mail.text, mail.html]) {
        for (const secret of [TEST_IBAN, gb.iban, '0532013000', '1331926819'])
          expect(part).not.toContain(secret);
      }
    }
  });

  it('with the sandbox, has no Connect onboarding: payout_method_not_supported', async () => {
    const { client: api } = await signedUpUser(server);
    const response = await api.post('/api/wallet/payout-method/connect');
    expect([response.statusCode, response.json().err_key]).toEqual([
      400,
      'payout_method_not_supported',
    ]);
  });
});

describe('changing the payout method with a second factor set', () => {
  it('is refused without a recent proof of it (nothing changes), and saved with one', async () => {
    const { user, client: api } = await signedUpUser(server);
    await setBankAccount(api);
    const before = await storedRow(user.id);
    await enableSecondFactor(server, user.id);

    const other = { holder_name: 'Mallory', iban: 'GB29 NWBK 6016 1331 9268 19', bic: 'NWBKGB2L' };
    const refused = await putPayoutMethod(api, other);
    expect([refused.statusCode, refused.json().err_key]).toEqual([403, 'second_factor_required']);
    // A proof older than SECOND_FACTOR_FRESH_MINUTES counts as none.
    await proveSecondFactor(server, api, new Date(Date.now() - 11 * 60_000));
    const stale = await putPayoutMethod(api, other);
    expect(stale.json().err_key).toBe('second_factor_required');
    expect(await storedRow(user.id)).toEqual(before);

    // A typo is told before the proof is asked for.
    const typo = await putPayoutMethod(api, { ...other, iban: 'GB28 NWBK 6016 1331 9268 19' });
    expect(typo.json().err_key).toBe('iban_invalid');

    await proveSecondFactor(server, api);
    const saved = await putPayoutMethod(api, other);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PayoutMethod>()).toMatchObject({
      iban_masked: 'GB29 •••• •••• •••• •••• 19',
    });
  });

  it('the proof of one session does not count for another', async () => {
    const { user, client: api, body } = await signedUpUser(server);
    // Signed in on a second device before the factor was set.
    const other = client(server);
    await other.post('/api/auth/login', { email: body.email, password: body.password });
    expect(other.cookie).toBeDefined();
    await enableSecondFactor(server, user.id);
    await proveSecondFactor(server, api);

    const response = await putPayoutMethod(other);
    expect([response.statusCode, response.json().err_key]).toEqual([403, 'second_factor_required']);
    expect((await putPayoutMethod(api)).statusCode).toBe(200);
  });
});

describe('payouts and the payout method', () => {
  it('are refused with payout_method_required before any money moves, and go through with one', async () => {
    const { creator } = await earningCreator(server, 5_000);
    const counts = await ledgerCounts(server.ctx.db);

    const refused = await askPayout(creator.client);
    expect([refused.statusCode, refused.json().err_key]).toEqual([409, 'payout_method_required']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(counts);
    expect(await payoutsOf(creator.user.id)).toEqual([]);
    expect(await withdrawableOf(creator.client)).toBe(40);

    await setBankAccount(creator.client);
    const accepted = await askPayout(creator.client);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json<Payout>()).toMatchObject({ amount: 40, status: 'pending' });
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });

  it('a payout without the second factor is refused when one is set; with it, it goes through', async () => {
    const { creator } = await earningCreator(server, 5_000);
    await setBankAccount(creator.client);
    await enableSecondFactor(server, creator.user.id);
    const counts = await ledgerCounts(server.ctx.db);

    const refused = await askPayout(creator.client);
    expect([refused.statusCode, refused.json().err_key]).toEqual([403, 'second_factor_required']);
    expect(await ledgerCounts(server.ctx.db)).toEqual(counts);
    expect(await payoutsOf(creator.user.id)).toEqual([]);
    expect(await withdrawableOf(creator.client)).toBe(40);

    await proveSecondFactor(server, creator.client);
    const accepted = await askPayout(creator.client);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json<Payout>()).toMatchObject({ amount: 40 });
    const paid = await waitFor(
      async () => (await creator.client.get('/api/wallet/payouts')).json<Payout[]>(),
      (list) => list.every((payout) => payout.status !== 'pending'),
    );
    expect(paid.map((payout) => payout.status)).toEqual(['paid']);
    expect((await creator.client.get('/api/wallet')).json<Wallet>().earnings).toMatchObject({
      withdrawable: 0,
      paid_out: 40,
    });
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });
});

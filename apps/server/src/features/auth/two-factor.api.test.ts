import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, RecoveryCodes, TotpSetup, TwoFactorState } from '@glimpse/contract';
import { sessions, totpCredentials } from '../../db/schema/index.ts';
import { client, type Client } from '../../test/harness.ts';
import { signedUpUser, TEST_PASSWORD } from '../../test/factories.ts';
import {
  mailContent,
  nextLink,
  startMailedServer,
  subjectHas,
  type MailedServer,
} from './test/account-mail.ts';
import { registeredPasskey } from './test/registered-passkey.ts';

let mailed: MailedServer;
beforeAll(async () => {
  mailed = await startMailedServer();
});
afterAll(async () => {
  await mailed?.stop();
});

/** A code of the authenticator app `steps` periods from now (within the one-step tolerance). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const signIn = (browser: Client, email: string, password = TEST_PASSWORD) =>
  browser.post('/api/auth/login', { email, password });

const stateOf = async (browser: Client) =>
  (await browser.get('/api/auth/2fa')).json<TwoFactorState>();

/** A signed-up user with the authenticator app on; its secret and recovery codes. */
async function withTotp() {
  const account = await signedUpUser(mailed.server);
  const setup = (await account.client.post('/api/auth/2fa/totp/setup')).json<TotpSetup>();
  const enabled = await account.client.post('/api/auth/2fa/totp/enable', {
    code: await codeAt(setup.secret),
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { recovery_codes: codes } = enabled.json<RecoveryCodes>();
  return { ...account, secret: setup.secret, codes };
}

/** Moves the session's last second factor out of the fresh window. */
async function staleProof(browser: Client) {
  const { sessionIdFromToken } = await import('./session-token.ts');
  await mailed.server.ctx.db
    .update(sessions)
    .set({ secondFactorAt: new Date(Date.now() - 11 * 60 * 1000) })
    .where(eq(sessions.id, sessionIdFromToken(browser.cookie!)));
}

describe('authenticator app (TOTP)', () => {
  it('is set up with a code computed from its secret, and hands out ten recovery codes once', async () => {
    const { client: here, body } = await signedUpUser(mailed.server);
    const setup = await here.post('/api/auth/2fa/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url: url } = setup.json<TotpSetup>();
    expect(url).toMatch(/^otpauth:\/\/totp\/Glimpse:/);
    expect(url).toContain(`secret=${secret}`);
    // The secret is kept sealed, never in clear.
    const [row] = await mailed.server.ctx.db.select().from(totpCredentials);
    expect(JSON.stringify(row)).not.toContain(secret);

    const wrong = await here.post('/api/auth/2fa/totp/enable', { code: '000000' });
    expect(wrong.json()).toMatchObject({ err_key: 'code_invalid' });
    const enabled = await here.post('/api/auth/2fa/totp/enable', { code: await codeAt(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recovery_codes: codes } = enabled.json<RecoveryCodes>();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    expect(await stateOf(here)).toMatchObject({
      enabled: true,
      totp: true,
      recovery_codes_left: 10,
    });
    expect((await here.get('/api/auth/me')).json<CurrentUser>().two_factor_enabled).toBe(true);
    const again = await here.post('/api/auth/2fa/totp/enable', { code: await codeAt(secret, 1) });
    expect(again.json()).toMatchObject({ err_key: 'totp_already_enabled' });

    // The owner is told, and no mail carries the secret or a recovery code.
    const notice = await mailed.nextMail(body.email, subjectHas('sign-in protection'));
    expect(notice.text).toContain('An authenticator app now protects your Glimpse account.');
    for (const mail of mailed.sink.mails()) {
      expect(mailContent(mail)).not.toContain(secret);
      for (const code of codes) expect(mailContent(mail)).not.toContain(code);
    }
  });

  it('makes sign-in a second step that a code completes once, and a replayed code cannot', async () => {
    const { body, secret } = await withTotp();
    const browser = client(mailed.server);
    const first = await signIn(browser, body.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ two_factor_required: true, methods: ['totp', 'recovery_code'] });
    // No session until the second step.
    expect(browser.cookie).toBeUndefined();
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);

    const wrong = await browser.post('/api/auth/login/second-factor', { code: '123456' });
    expect(wrong.json()).toMatchObject({ err_key: 'code_invalid' });
    const code = await codeAt(secret, 1);
    const done = await browser.post('/api/auth/login/second-factor', { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<CurrentUser>().email).toBe(body.email);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);

    // The same code, seen over a shoulder, signs nobody else in.
    const thief = client(mailed.server);
    await signIn(thief, body.email);
    const replay = await thief.post('/api/auth/login/second-factor', { code });
    expect(replay.json()).toMatchObject({ err_key: 'code_invalid' });
    expect(thief.cookie).toBeUndefined();
  });

  it('takes a recovery code once instead of a code', async () => {
    const { body, codes } = await withTotp();
    const browser = client(mailed.server);
    await signIn(browser, body.email);
    const typed = codes[0]!.toUpperCase().replace('-', ' ');
    const done = await browser.post('/api/auth/login/second-factor', { recovery_code: typed });
    expect(done.statusCode, done.body).toBe(200);
    expect((await stateOf(browser)).recovery_codes_left).toBe(9);

    const again = client(mailed.server);
    await signIn(again, body.email);
    const reused = await again.post('/api/auth/login/second-factor', { recovery_code: codes[0] });
    expect(reused.json()).toMatchObject({ err_key: 'code_invalid' });
  });

  it('ends a pending sign-in after five wrong codes, and refuses a second step without one', async () => {
    const { body, secret } = await withTotp();
    const browser = client(mailed.server);
    await signIn(browser, body.email);
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (await browser.post('/api/auth/login/second-factor', { code: '111111' })).json(),
      );
    expect(answers.slice(0, 4).every((a) => a.err_key === 'code_invalid')).toBe(true);
    expect(answers[4]).toMatchObject({ err_key: 'sign_in_expired' });
    // Even the right code needs the password again now.
    const late = await browser.post('/api/auth/login/second-factor', {
      code: await codeAt(secret, 1),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ err_key: 'sign_in_expired' });

    const stranger = await client(mailed.server).post('/api/auth/login/second-factor', {
      code: '123456',
    });
    expect(stranger.json()).toMatchObject({ err_key: 'sign_in_expired' });
  });

  it('asks a password reset for the second factor before it signs in', async () => {
    const { body } = await withTotp();
    await client(mailed.server).post('/api/auth/password/forgot', { email: body.email });
    const token = await nextLink(mailed, body.email, '/reset-password');
    const browser = client(mailed.server);
    const reset = await browser.post('/api/auth/password/reset', {
      token,
      password: 'a fresh passphrase 2026',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ two_factor_required: true });
    expect(browser.cookie).toBeUndefined();
  });
});

describe('sensitive changes', () => {
  it('need a recent second factor, which the step-up gives', async () => {
    const { client: here, secret } = await withTotp();
    // Enabling proved a factor just now: the change goes through.
    const newPassword = { current_password: TEST_PASSWORD, password: 'another good passphrase 1' };
    expect((await here.put('/api/users/me/password', newPassword)).statusCode).toBe(200);

    await staleProof(here);
    const refused = await here.put('/api/users/me/password', {
      current_password: newPassword.password,
      password: 'a third good passphrase 22',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ err_key: 'second_factor_required' });
    expect((await stateOf(here)).verified_until).toBeNull();

    const wrong = await here.post('/api/auth/2fa/verify', { code: '000000' });
    expect(wrong.json()).toMatchObject({ err_key: 'code_invalid' });
    const proved = await here.post('/api/auth/2fa/verify', { code: await codeAt(secret, 1) });
    expect(proved.statusCode, proved.body).toBe(200);
    const until = Date.parse(proved.json<{ verified_until: string }>().verified_until);
    expect(until - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    const allowed = await here.put('/api/users/me/password', {
      current_password: newPassword.password,
      password: 'a third good passphrase 22',
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('turning two-factor off needs the factor, and signs in with the password alone after', async () => {
    const { client: here, body, secret } = await withTotp();
    await staleProof(here);
    expect((await here.delete('/api/auth/2fa')).json()).toMatchObject({
      err_key: 'second_factor_required',
    });
    await here.post('/api/auth/2fa/verify', { code: await codeAt(secret, 1) });
    expect((await here.delete('/api/auth/2fa')).statusCode).toBe(204);
    expect(await stateOf(here)).toMatchObject({
      enabled: false,
      totp: false,
      recovery_codes_left: 0,
    });
    const plain = await signIn(client(mailed.server), body.email);
    expect(plain.json<CurrentUser>().two_factor_enabled).toBe(false);
    const off = await mailed.nextMail(body.email, (m) =>
      (m.text ?? '').includes('Two-factor sign-in was turned off'),
    );
    expect(off.subject).toBe('Your Glimpse sign-in protection changed');
    // Nothing left to turn off.
    expect((await here.delete('/api/auth/2fa')).json()).toMatchObject({
      err_key: 'two_factor_not_enabled',
    });
  });

  it('without a second factor, nothing asks for one', async () => {
    const { client: here } = await signedUpUser(mailed.server);
    const change = await here.put('/api/users/me/password', {
      current_password: TEST_PASSWORD,
      password: 'plain accounts change freely 7',
    });
    expect(change.statusCode).toBe(200);
    expect((await here.post('/api/auth/2fa/verify', { code: '123456' })).json()).toMatchObject({
      err_key: 'two_factor_not_enabled',
    });
  });
});

describe('passkeys', () => {
  async function withPasskey() {
    const account = await signedUpUser(mailed.server);
    return { ...account, ...(await registeredPasskey(account)) };
  }

  it('registers, then completes a password sign-in as its second step', async () => {
    const { client: here, body, key, added } = await withPasskey();
    expect(added.passkey).toMatchObject({ name: 'Test key', last_used_at: null });
    expect(added.recovery_codes).toHaveLength(10);
    expect((await stateOf(here)).passkeys).toHaveLength(1);

    const browser = client(mailed.server);
    const first = await signIn(browser, body.email);
    expect(first.json()).toEqual({
      two_factor_required: true,
      methods: ['passkey', 'recovery_code'],
    });
    const options = await browser.post('/api/auth/login/second-factor/passkey-options');
    expect(options.statusCode).toBe(200);
    const allowed = options.json<{ allowCredentials: { id: string }[] }>().allowCredentials;
    expect(allowed.map((c) => c.id)).toEqual([key.id]);
    const done = await browser.post('/api/auth/login/second-factor', {
      passkey: key.assert(options.json()),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<CurrentUser>().email).toBe(body.email);
  });

  it('signs in without a password, and refuses a foreign origin or a replayed counter', async () => {
    const { body, key } = await withPasskey();
    const browser = client(mailed.server);
    const options = (await browser.post('/api/auth/passkey/options')).json();
    const signedIn = await browser.post('/api/auth/passkey', { passkey: key.assert(options) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<CurrentUser>().email).toBe(body.email);

    const phished = client(mailed.server);
    const phishOptions = (await phished.post('/api/auth/passkey/options')).json();
    const wrongOrigin = await phished.post('/api/auth/passkey', {
      passkey: key.assert(phishOptions, { origin: 'https://glimpse.example.evil' }),
    });
    expect(wrongOrigin.json()).toMatchObject({ err_key: 'passkey_invalid' });
    expect(phished.cookie).toBeUndefined();

    const cloned = client(mailed.server);
    const cloneOptions = (await cloned.post('/api/auth/passkey/options')).json();
    const replayed = await cloned.post('/api/auth/passkey', {
      passkey: key.assert(cloneOptions, { counter: 1 }),
    });
    expect(replayed.json()).toMatchObject({ err_key: 'passkey_invalid' });

    // An answer without options handed out first (or a used one) starts nothing.
    const stale = await cloned.post('/api/auth/passkey', { passkey: key.assert(cloneOptions) });
    expect(stale.json()).toMatchObject({ err_key: 'sign_in_expired' });
  });

  it('is removed with a fresh second factor; another user cannot remove it', async () => {
    const { client: here, key, added } = await withPasskey();
    const other = await signedUpUser(mailed.server);
    const foreign = await other.client.delete(`/api/auth/2fa/passkeys/${added.passkey.id}`);
    expect(foreign.json()).toMatchObject({ err_key: 'passkey_not_found' });

    await staleProof(here);
    expect((await here.delete(`/api/auth/2fa/passkeys/${added.passkey.id}`)).statusCode).toBe(403);
    const options = (await here.post('/api/auth/2fa/verify/passkey-options')).json();
    const proved = await here.post('/api/auth/2fa/verify', { passkey: key.assert(options) });
    expect(proved.statusCode, proved.body).toBe(200);
    expect((await here.delete(`/api/auth/2fa/passkeys/${added.passkey.id}`)).statusCode).toBe(204);
    expect(await stateOf(here)).toMatchObject({
      enabled: false,
      passkeys: [],
      recovery_codes_left: 0,
    });
  });
});

import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TotpSetup } from '@glimpse/contract';
import { client, TEST_ORIGIN } from '../../../test/harness.ts';
import { registration, signedUpUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextLink, startMailedServer, type MailedServer } from '../../auth/test/account-mail.ts';
import { SoftwareAuthenticator } from '../../auth/test/software-authenticator.ts';
import { linesOf, turnOff } from './test/event-fixtures.ts';

/** Security lines (features/auth): a new sign-in, the password or the address changed. */

let mailed: MailedServer;
beforeAll(async () => {
  mailed = await startMailedServer();
});
afterAll(async () => {
  await mailed?.stop();
});

const NEW_PASSWORD = 'a brand new passphrase 42';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
const typesOf = async (userId: number) =>
  (await linesOf(mailed.server, userId)).map((line) => line.type);

describe('security_sign_in', () => {
  it('a password sign-in tells the account once, naming the device; the sign-up session does not', async () => {
    const { user, body } = await signedUpUser(mailed.server);
    const other = await signedUpUser(mailed.server);
    expect(await typesOf(user.id)).toEqual([]);
    const browser = client(mailed.server);
    const login = await browser.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: TEST_PASSWORD },
      headers: { 'user-agent': IPHONE },
    });
    expect(login.statusCode).toBe(200);
    const [line, ...more] = await linesOf(mailed.server, user.id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      type: 'security_sign_in',
      actorId: null,
      subject: { kind: 'security', id: 'account' },
      inApp: true,
    });
    expect(line!.data).toEqual({ device: 'Safari on iOS' });
    // The line names the session by its id, never by the cookie's token.
    expect(line!.dedupeKey).not.toContain(browser.cookie!);
    expect(await typesOf(other.user.id)).toEqual([]);
  });

  it('a wrong password and the first step of a two-step sign-in tell nothing; the second step does', async () => {
    const account = await signedUpUser(mailed.server);
    const setup = (await account.client.post('/api/auth/2fa/totp/setup')).json<TotpSetup>();
    const code = (steps: number) =>
      generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    await account.client.post('/api/auth/2fa/totp/enable', { code: await code(0) });
    const browser = client(mailed.server);
    await browser.post('/api/auth/login', { email: account.body.email, password: 'wrong one' });
    const first = await browser.post('/api/auth/login', {
      email: account.body.email,
      password: TEST_PASSWORD,
    });
    expect(first.json()).toMatchObject({ two_factor_required: true });
    expect(await typesOf(account.user.id)).toEqual([]);
    const done = await browser.post('/api/auth/login/second-factor', { code: await code(1) });
    expect(done.statusCode, done.body).toBe(200);
    expect(await typesOf(account.user.id)).toEqual(['security_sign_in']);
  });

  it('a passkey sign-in tells the account once', async () => {
    const account = await signedUpUser(mailed.server);
    const key = new SoftwareAuthenticator(TEST_ORIGIN, new URL(TEST_ORIGIN).hostname);
    const options = await account.client.post('/api/auth/2fa/passkeys/options');
    await account.client.post('/api/auth/2fa/passkeys', {
      name: 'Test key',
      passkey: key.register(options.json()),
    });
    const browser = client(mailed.server);
    const signInOptions = (await browser.post('/api/auth/passkey/options')).json();
    const signedIn = await browser.post('/api/auth/passkey', {
      passkey: key.assert(signInOptions),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await typesOf(account.user.id)).toEqual(['security_sign_in']);
  });

  it('stays in the app even when the type is turned off (security is always on in-app)', async () => {
    const { user, body } = await signedUpUser(mailed.server);
    await turnOff(mailed.server, user.id, 'security_sign_in');
    await client(mailed.server).post('/api/auth/login', {
      email: body.email,
      password: TEST_PASSWORD,
    });
    expect(await linesOf(mailed.server, user.id)).toEqual([
      expect.objectContaining({ type: 'security_sign_in', inApp: true }),
    ]);
  });
});

describe('security_password_changed', () => {
  it('a change in settings and a reset by the mailed link each tell the account once', async () => {
    const { user, client: here, body } = await signedUpUser(mailed.server);
    const changed = await here.put('/api/users/me/password', {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await typesOf(user.id)).toEqual(['security_password_changed']);

    await client(mailed.server).post('/api/auth/password/forgot', { email: body.email });
    const token = await nextLink(mailed, body.email, '/reset-password');
    const reset = await client(mailed.server).post('/api/auth/password/reset', {
      token,
      password: TEST_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // The reset signs this browser in: the password line says it, no sign-in line besides.
    expect(await typesOf(user.id)).toEqual([
      'security_password_changed',
      'security_password_changed',
    ]);
  });
});

describe('security_email_changed', () => {
  it('tells the account once when the new address is confirmed, not when it is asked for', async () => {
    const { user, client: here } = await signedUpUser(mailed.server);
    const next = registration().email;
    const asked = await here.post('/api/users/me/email', { email: next, password: TEST_PASSWORD });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    expect(await typesOf(user.id)).toEqual([]);
    const token = await nextLink(mailed, next, '/verify-email');
    expect((await client(mailed.server).post('/api/auth/email/verify', { token })).statusCode).toBe(
      200,
    );
    await client(mailed.server).post('/api/auth/email/verify', { token });
    expect(await typesOf(user.id)).toEqual(['security_email_changed']);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { client } from '../../test/harness.ts';
import { registration, signedUpUser, TEST_PASSWORD } from '../../test/factories.ts';
import {
  expireLink,
  mailContent,
  me,
  nextLink,
  signIn,
  startMailedServer,
  subjectHas,
  type MailedServer,
} from './test/account-mail.ts';

const NEW_PASSWORD = 'a brand new passphrase 42';

let mailed: MailedServer;
beforeAll(async () => {
  mailed = await startMailedServer();
});
afterAll(async () => {
  await mailed?.stop();
});

const newAddress = () => registration().email;

describe('PUT /api/users/me/password', () => {
  it('sets the new password, ends every other session but keeps this one, and tells the address', async () => {
    const { client: here, body } = await signedUpUser(mailed.server);
    const elsewhere = await signIn(mailed.server, body.email);
    const changed = await here.put('/api/users/me/password', {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ success: true });
    expect((await here.get('/api/auth/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    await signIn(mailed.server, body.email, NEW_PASSWORD);

    const notice = await mailed.nextMail(body.email, subjectHas('password'));
    expect(mailContent(notice)).not.toContain(NEW_PASSWORD);
    expect(mailContent(notice)).not.toContain(TEST_PASSWORD);
  });

  it('refuses a wrong current password on its field, and a common new one', async () => {
    const { client: here } = await signedUpUser(mailed.server);
    const wrong = await here.put('/api/users/me/password', {
      current_password: 'not my password',
      password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      err_key: 'password_incorrect',
      errors: { current_password: ['password_incorrect'] },
    });
    const common = await here.put('/api/users/me/password', {
      current_password: TEST_PASSWORD,
      password: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().err_key).toBe('password_too_common');
  });

  it('counts wrong current passwords as failed sign-ins: past the limit, 429 even when right', async () => {
    const { client: here, body } = await signedUpUser(mailed.server);
    const limit = mailed.server.config.loginFailuresPerWindow;
    for (let i = 0; i < limit; i++) {
      const attempt = await here.put('/api/users/me/password', {
        current_password: `guess number ${i}`,
        password: NEW_PASSWORD,
      });
      expect(attempt.statusCode).toBe(400);
    }
    const right = await here.put('/api/users/me/password', {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ err_key: 'rate_limited' });
    // The same counter guards the sign-in form.
    const login = await client(mailed.server).post('/api/auth/login', {
      email: body.email,
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(429);
  });

  it('needs a session', async () => {
    const anonymous = await client(mailed.server).put('/api/users/me/password', {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/users/me/email', () => {
  it('mails a link to the new address and a notice to the old; the link makes it the account’s, once', async () => {
    const { client: here, body } = await signedUpUser(mailed.server);
    const next = newAddress();
    const asked = await here.post('/api/users/me/email', { email: next, password: TEST_PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ success: true });
    // Nothing changes before the new address is confirmed.
    expect((await me(here)).email).toBe(body.email);

    const notice = await mailed.nextMail(body.email, subjectHas('being changed'));
    expect(notice.text).toContain(next);
    expect(notice.text).not.toContain('token=');
    const token = await nextLink(mailed, next, '/verify-email');
    for (const mail of [notice, ...mailed.sink.mails()])
      expect(mailContent(mail)).not.toContain(TEST_PASSWORD);

    const confirmed = await client(mailed.server).post('/api/auth/email/verify', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: next, purpose: 'email_change' });
    expect(await me(here)).toMatchObject({ email: next, email_verified: true });
    await signIn(mailed.server, next);

    const again = await client(mailed.server).post('/api/auth/email/verify', { token });
    expect(again.json()).toEqual({ err_key: 'token_invalid' });
  });

  it('ends the links mailed to the old address once the new one is confirmed', async () => {
    const { client: here, body } = await signedUpUser(mailed.server);
    const oldVerify = await nextLink(mailed, body.email, '/verify-email');
    await client(mailed.server).post('/api/auth/password/forgot', { email: body.email });
    const oldReset = await nextLink(mailed, body.email, '/reset-password');
    const next = newAddress();
    await here.post('/api/users/me/email', { email: next, password: TEST_PASSWORD });
    const token = await nextLink(mailed, next, '/verify-email');
    expect((await client(mailed.server).post('/api/auth/email/verify', { token })).statusCode).toBe(
      200,
    );
    const verify = await client(mailed.server).post('/api/auth/email/verify', {
      token: oldVerify,
    });
    expect(verify.json()).toEqual({ err_key: 'token_invalid' });
    const reset = await client(mailed.server).post('/api/auth/password/reset', {
      token: oldReset,
      password: NEW_PASSWORD,
    });
    expect(reset.json()).toEqual({ err_key: 'token_invalid' });
  });

  it('refuses a wrong password, the same address and one another account has', async () => {
    const { client: here, body } = await signedUpUser(mailed.server);
    const { body: other } = await signedUpUser(mailed.server);
    const wrong = await here.post('/api/users/me/email', {
      email: newAddress(),
      password: 'not my password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      err_key: 'password_incorrect',
      errors: { password: ['password_incorrect'] },
    });
    const same = await here.post('/api/users/me/email', {
      email: body.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().err_key).toBe('email_unchanged');
    const taken = await here.post('/api/users/me/email', {
      email: other.email,
      password: TEST_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().err_key).toBe('email_taken');
  });

  it('answers 409 email_taken at confirmation when another account took the address meanwhile', async () => {
    const { client: here, body } = await signedUpUser(mailed.server);
    const next = newAddress();
    await here.post('/api/users/me/email', { email: next, password: TEST_PASSWORD });
    const token = await nextLink(mailed, next, '/verify-email');
    await signedUpUser(mailed.server, { email: next });
    const late = await client(mailed.server).post('/api/auth/email/verify', { token });
    expect(late.statusCode).toBe(409);
    expect(late.json().err_key).toBe('email_taken');
    expect((await me(here)).email).toBe(body.email);
  });

  it('refuses a confirmation link after two days with 410 token_expired', async () => {
    const { client: here, user } = await signedUpUser(mailed.server);
    const next = newAddress();
    await here.post('/api/users/me/email', { email: next, password: TEST_PASSWORD });
    const token = await nextLink(mailed, next, '/verify-email');
    await expireLink(mailed.server, token);
    const late = await client(mailed.server).post('/api/auth/email/verify', { token });
    expect(late.statusCode).toBe(410);
    const [row] = await mailed.server.ctx.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });
});

describe('PUT /api/users/me/language', () => {
  it('writes the next mails in the chosen language', async () => {
    const { client: here, body } = await signedUpUser(mailed.server, {}, { confirmed: false });
    await mailed.nextMail(body.email);
    const set = await here.put('/api/users/me/language', { language: 'de' });
    expect(set.statusCode).toBe(200);
    expect((await here.post('/api/auth/email/resend')).statusCode).toBe(200);
    const mail = await mailed.nextMail(body.email);
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse');
    const unknown = await here.put('/api/users/me/language', { language: 'fr' });
    expect(unknown.statusCode).toBe(400);
  });
});

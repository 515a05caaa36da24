import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/harness.ts';
import { signedUpUser, TEST_PASSWORD } from '../../test/factories.ts';
import { linkIn } from '../../test/smtp-sink.ts';
import {
  expireLink,
  mailContent,
  me,
  nextLink,
  startMailedServer,
  type MailedServer,
} from './test/account-mail.ts';

let mailed: MailedServer;
beforeAll(async () => {
  mailed = await startMailedServer();
});
afterAll(async () => {
  await mailed?.stop();
});

const verify = (token: string, browser = client(mailed.server)) =>
  browser.post('/api/auth/email/verify', { token });

describe('confirming the address given at sign-up', () => {
  it('mails a link at sign-up that confirms the address once, signed out', async () => {
    const {
      client: signedIn,
      body,
      user,
    } = await signedUpUser(mailed.server, {}, { confirmed: false });
    expect(user.email_verified).toBe(false);
    const mail = await mailed.nextMail(body.email);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toContain('The link works once, for 48 hours.');
    expect(mailContent(mail)).not.toContain(TEST_PASSWORD);
    const token = linkIn(mail, '/verify-email');

    // Opened on another device: no session needed.
    const first = await verify(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ email: body.email, purpose: 'email_verify' });
    expect((await me(signedIn)).email_verified).toBe(true);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ err_key: 'token_invalid' });
  });

  it('works signed in too, and writes the mail in the language chosen at sign-up', async () => {
    const { client: signedIn, body } = await signedUpUser(
      mailed.server,
      { language: 'de' },
      { confirmed: false },
    );
    const mail = await mailed.nextMail(body.email);
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse');
    const token = linkIn(mail, '/verify-email');
    expect((await verify(token, signedIn)).statusCode).toBe(200);
    expect((await me(signedIn)).email_verified).toBe(true);
  });

  it('refuses a link followed after two days with 410 token_expired, and confirms nothing', async () => {
    const { client: signedIn, body } = await signedUpUser(mailed.server, {}, { confirmed: false });
    const token = await nextLink(mailed, body.email, '/verify-email');
    await expireLink(mailed.server, token);
    const late = await verify(token);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ err_key: 'token_expired' });
    expect((await me(signedIn)).email_verified).toBe(false);
  });

  it('refuses unknown tokens, malformed ones and links of another purpose', async () => {
    const unknown = await verify('A'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ err_key: 'token_invalid' });
    const malformed = await verify('not a token at all!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().err_key).toBe('validation_failed');

    const { body } = await signedUpUser(mailed.server, {}, { confirmed: false });
    await mailed.nextMail(body.email);
    await client(mailed.server).post('/api/auth/password/forgot', { email: body.email });
    const resetToken = await nextLink(mailed, body.email, '/reset-password');
    const crossed = await verify(resetToken);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual({ err_key: 'token_invalid' });
  });
});

describe('POST /api/auth/email/resend', () => {
  it('mails a new link, after which only the new one works', async () => {
    const { client: signedIn, body } = await signedUpUser(mailed.server, {}, { confirmed: false });
    const first = await nextLink(mailed, body.email, '/verify-email');
    const resent = await signedIn.post('/api/auth/email/resend');
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ success: true });
    const second = await nextLink(mailed, body.email, '/verify-email');
    expect(second).not.toBe(first);

    expect((await verify(first)).json()).toEqual({ err_key: 'token_invalid' });
    expect((await verify(second)).statusCode).toBe(200);
    expect((await me(signedIn)).email_verified).toBe(true);
  });

  it('answers 409 email_already_verified once the address is confirmed', async () => {
    const { client: signedIn, body } = await signedUpUser(mailed.server, {}, { confirmed: false });
    await verify(await nextLink(mailed, body.email, '/verify-email'));
    const resent = await signedIn.post('/api/auth/email/resend');
    expect(resent.statusCode).toBe(409);
    expect(resent.json()).toEqual({ err_key: 'email_already_verified' });
  });

  it('sends at most three a hour, then answers 429 rate_limited', async () => {
    const { client: signedIn } = await signedUpUser(mailed.server, {}, { confirmed: false });
    for (let i = 0; i < 3; i++)
      expect((await signedIn.post('/api/auth/email/resend')).statusCode).toBe(200);
    const fourth = await signedIn.post('/api/auth/email/resend');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ err_key: 'rate_limited' });
  });

  it('needs a session', async () => {
    const anonymous = await client(mailed.server).post('/api/auth/email/resend');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('following mailed links from one address', () => {
  it('takes mailedLinksPerWindow tries per client address, then answers rate_limited', async () => {
    const browser = client(mailed.server, { ip: '198.51.100.77' });
    const limit = mailed.server.config.mailedLinksPerWindow;
    for (let i = 0; i < limit; i++)
      expect((await verify('B'.repeat(43), browser)).json()).toMatchObject({
        err_key: 'token_invalid',
      });
    const refused = await verify('B'.repeat(43), browser);
    expect(refused.statusCode).toBe(429);
    // Another address is not held back.
    expect((await verify('B'.repeat(43))).statusCode).toBe(400);
  });
});

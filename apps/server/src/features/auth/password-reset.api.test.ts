import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@glimpse/contract';
import { connected, openSocket } from '../../platform/realtime/test/socket-test-client.ts';
import { client, TEST_ORIGIN, uniqueIp } from '../../test/harness.ts';
import { signedUpUser, TEST_PASSWORD } from '../../test/factories.ts';
import {
  expireLink,
  mailContent,
  nextLink,
  signIn,
  startMailedServer,
  subjectHas,
  type MailedServer,
} from './test/account-mail.ts';

const NEW_PASSWORD = 'a brand new passphrase 42';

let mailed: MailedServer;
let url: string;
beforeAll(async () => {
  mailed = await startMailedServer();
  url = await mailed.server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await mailed?.stop();
});

const forgot = (email: string, ip = uniqueIp()) =>
  client(mailed.server, { ip }).post('/api/auth/password/forgot', { email });

async function resetLink(email: string): Promise<string> {
  expect((await forgot(email)).json()).toEqual({ success: true });
  return nextLink(mailed, email, '/reset-password');
}

describe('forgot password, then a new one by the mailed link', () => {
  it('signs this browser in, ends every other session and its sockets, and tells the address', async () => {
    const { client: first, body } = await signedUpUser(mailed.server);
    const second = await signIn(mailed.server, body.email);
    const socket = openSocket(url, {
      cookie: `glimpse_session=${second.cookie}`,
      origin: TEST_ORIGIN,
    });
    await connected(socket);
    const socketGone = new Promise((resolve) => socket.once('disconnect', resolve));

    const token = await resetLink(body.email);
    const browser = client(mailed.server);
    const reset = await browser.post('/api/auth/password/reset', { token, password: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<CurrentUser>()).toMatchObject({ email: body.email, email_verified: true });
    expect(browser.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);

    // Every session from before is gone, its socket with it.
    await socketGone;
    socket.close();
    expect((await first.get('/api/auth/me')).statusCode).toBe(401);
    expect((await second.get('/api/auth/me')).statusCode).toBe(401);

    const badOld = await client(mailed.server).post('/api/auth/login', {
      email: body.email,
      password: TEST_PASSWORD,
    });
    expect(badOld.statusCode).toBe(401);
    await signIn(mailed.server, body.email, NEW_PASSWORD);

    const notice = await mailed.nextMail(body.email, subjectHas('password'));
    expect(notice.subject).toMatch(/password was changed/i);
    for (const mail of mailed.sink.mails()) {
      expect(mailContent(mail)).not.toContain(NEW_PASSWORD);
      expect(mailContent(mail)).not.toContain(TEST_PASSWORD);
    }
  });

  it('takes a link once: the second reset with it is refused', async () => {
    const { body } = await signedUpUser(mailed.server);
    const token = await resetLink(body.email);
    const first = await client(mailed.server).post('/api/auth/password/reset', {
      token,
      password: NEW_PASSWORD,
    });
    expect(first.statusCode).toBe(200);
    const second = await client(mailed.server).post('/api/auth/password/reset', {
      token,
      password: 'yet another passphrase 7',
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ err_key: 'token_invalid' });
    await signIn(mailed.server, body.email, NEW_PASSWORD);
  });

  it('refuses a link after 30 minutes with 410 token_expired, and keeps the password', async () => {
    const { body } = await signedUpUser(mailed.server);
    const token = await resetLink(body.email);
    await expireLink(mailed.server, token);
    const late = await client(mailed.server).post('/api/auth/password/reset', {
      token,
      password: NEW_PASSWORD,
    });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ err_key: 'token_expired' });
    await signIn(mailed.server, body.email, TEST_PASSWORD);
  });

  it('lets only the newest link work', async () => {
    const { body } = await signedUpUser(mailed.server);
    const older = await resetLink(body.email);
    const newer = await resetLink(body.email);
    const stale = await client(mailed.server).post('/api/auth/password/reset', {
      token: older,
      password: NEW_PASSWORD,
    });
    expect(stale.json()).toEqual({ err_key: 'token_invalid' });
    const fresh = await client(mailed.server).post('/api/auth/password/reset', {
      token: newer,
      password: NEW_PASSWORD,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a common password as sign-up does, and the link still works afterwards', async () => {
    const { body } = await signedUpUser(mailed.server);
    const token = await resetLink(body.email);
    const common = await client(mailed.server).post('/api/auth/password/reset', {
      token,
      password: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      err_key: 'password_too_common',
      errors: { password: ['password_too_common'] },
    });
    const good = await client(mailed.server).post('/api/auth/password/reset', {
      token,
      password: NEW_PASSWORD,
    });
    expect(good.statusCode).toBe(200);
  });

  it('refuses an address confirmation link', async () => {
    const { body } = await signedUpUser(mailed.server);
    const verifyToken = await nextLink(mailed, body.email, '/verify-email');
    const crossed = await client(mailed.server).post('/api/auth/password/reset', {
      token: verifyToken,
      password: NEW_PASSWORD,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual({ err_key: 'token_invalid' });
  });
});

describe('POST /api/auth/password/forgot', () => {
  it('answers an unknown address the same and mails nothing', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const response = await forgot(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    // Its job has run (and found no account) once the queue is empty.
    await mailed.server.ctx.jobs.drain();
    expect(mailed.sink.mails().filter((m) => mailContent(m).includes(email))).toEqual([]);
  });

  it('answers 429 rate_limited after five requests for one address in an hour, known or not', async () => {
    const { body } = await signedUpUser(mailed.server);
    for (const email of [body.email, `nobody-${Date.now()}@example.com`]) {
      for (let i = 0; i < 5; i++) expect((await forgot(email)).statusCode).toBe(200);
      const sixth = await forgot(email);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ err_key: 'rate_limited' });
    }
  });

  it('answers 429 rate_limited after twenty requests from one address in an hour', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++)
      expect((await forgot(`someone-${i}@example.com`, ip)).statusCode).toBe(200);
    expect((await forgot('one-more@example.com', ip)).statusCode).toBe(429);
  });
});

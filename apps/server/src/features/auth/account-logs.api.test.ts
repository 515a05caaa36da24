import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/harness.ts';
import { registration, signedUpUser, TEST_PASSWORD } from '../../test/factories.ts';
import {
  capturingLogger,
  nextLink,
  startMailedServer,
  type MailedServer,
} from './test/account-mail.ts';

const NEW_PASSWORD = 'a brand new passphrase 42';
const NEWER_PASSWORD = 'and yet another one 1337';

let mailed: MailedServer;
const logs = capturingLogger();
beforeAll(async () => {
  mailed = await startMailedServer({ accessLog: true }, { logger: logs.log });
});
afterAll(async () => {
  await mailed?.stop();
});

describe('the account flows in the logs', () => {
  it('leave no password and no mailed token in any log line, at the most talkative level', async () => {
    const tokens: string[] = [];
    const { client: here, body } = await signedUpUser(mailed.server);
    tokens.push(await nextLink(mailed, body.email, '/verify-email'));
    await client(mailed.server).post('/api/auth/email/verify', { token: tokens.at(-1) });
    await client(mailed.server).post('/api/auth/email/verify', { token: tokens.at(-1) });

    await client(mailed.server).post('/api/auth/password/forgot', { email: body.email });
    tokens.push(await nextLink(mailed, body.email, '/reset-password'));
    const browser = client(mailed.server);
    await browser.post('/api/auth/password/reset', {
      token: tokens.at(-1),
      password: 'password123',
    });
    await browser.post('/api/auth/password/reset', {
      token: tokens.at(-1),
      password: NEW_PASSWORD,
    });

    await browser.put('/api/users/me/password', {
      current_password: TEST_PASSWORD,
      password: NEWER_PASSWORD,
    });
    await browser.put('/api/users/me/password', {
      current_password: NEW_PASSWORD,
      password: NEWER_PASSWORD,
    });
    const next = registration().email;
    await browser.post('/api/users/me/email', { email: next, password: NEWER_PASSWORD });
    tokens.push(await nextLink(mailed, next, '/verify-email'));
    await client(mailed.server).post('/api/auth/email/verify', { token: tokens.at(-1) });
    await here.get('/api/auth/me');
    await mailed.server.ctx.jobs.drain();

    const written = logs.lines.join('\n');
    // The requests were logged: the check below reads what a busy server would write.
    expect(written).toContain('/api/auth/password/reset');
    expect(written).toContain('/api/auth/email/verify');
    for (const secret of [TEST_PASSWORD, NEW_PASSWORD, NEWER_PASSWORD, 'password123', ...tokens])
      expect(written).not.toContain(secret);
  });
});

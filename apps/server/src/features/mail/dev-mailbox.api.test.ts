import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../platform/config/config.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { queueMail, type MailToQueue } from './index.ts';
import { insertAccountToken, insertUser } from './test/mail-fixtures.ts';

/** A built web app of one page: proves the SPA fallback leaves the mailbox's paths alone. */
const webDist = mkdtempSync(path.join(tmpdir(), 'glimpse-mailbox-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>the web app</title>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

async function queue(server: TestServer, mail: MailToQueue): Promise<number> {
  const id = await inTransaction(server.ctx.db, (tx, effects) => queueMail(tx, effects, mail));
  await server.ctx.jobs.drain();
  return id;
}

const emlFiles = (server: TestServer) =>
  readdirSync(path.join(server.config.dataDir, 'mail')).filter((file) => file.endsWith('.eml'));

describe('without SMTP_URL: the file mailer and the development mailbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ webDistDir: webDist });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('writes each mail as a parseable .eml file under DATA_DIR/mail', async () => {
    const user = await insertUser(server, 'de');
    const accountToken = await insertAccountToken(server, user.id, 'email_verify');
    const mailId = await queue(server, {
      userId: user.id,
      to: user.email,
      template: 'email_verify',
      params: { name: user.name },
      accountTokenId: accountToken.id,
    });
    const file = emlFiles(server).find((name) => name.endsWith(`-${mailId}.eml`));
    expect(file).toMatch(/^\d{8}T\d{9}Z-\d+\.eml$/);
    const source = readFileSync(path.join(server.config.dataDir, 'mail', file!));
    expect(source.toString('latin1')).toContain('\r\n');
    const mail = await simpleParser(source);
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse');
    expect(mail.messageId).toBe(`<mail-${mailId}@127.0.0.1>`);
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(mail.text).toContain(`/verify-email?token=${accountToken.token}`);
    expect(mail.html).toContain(`/verify-email?token=${accountToken.token}`);
  });

  it('lists the mails newest first, and shows one with its links on the page itself', async () => {
    const user = await insertUser(server, 'en');
    const accountToken = await insertAccountToken(server, user.id, 'password_reset');
    await queue(server, {
      userId: user.id,
      to: user.email,
      template: 'password_changed',
      params: { name: user.name },
    });
    const resetId = await queue(server, {
      userId: user.id,
      to: user.email,
      template: 'password_reset',
      params: { name: user.name, expires_minutes: 30 },
      accountTokenId: accountToken.id,
    });

    const list = await server.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(list.headers['cache-control']).toBe('no-store');
    const reset = list.body.indexOf('Reset your Glimpse password');
    const changed = list.body.indexOf('Your Glimpse password was changed');
    expect(reset).toBeGreaterThan(-1);
    expect(changed).toBeGreaterThan(reset);
    expect(list.body).toContain(user.email);

    const href = new RegExp(`href="(/dev/mailbox/\\d{8}T\\d{9}Z-${resetId})"`).exec(list.body);
    expect(href).not.toBeNull();
    const shown = await server.app.inject({ method: 'GET', url: href![1]! });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<h1>Reset your Glimpse password</h1>');
    expect(shown.body).toContain(`&lt;mail-${resetId}@127.0.0.1&gt;`);
    // The link a reader follows, as a plain anchor on the outer page.
    const link = `${server.config.publicUrl}/reset-password?token=${accountToken.token}`;
    expect(shown.body).toContain(`<a href="${link}">${link}</a>`);
    // The HTML part in a frame that may not run scripts.
    const frame = /<iframe [^>]*sandbox="([^"]*)" srcdoc="([^"]*)"/.exec(shown.body);
    expect(frame).not.toBeNull();
    expect(frame![1]).not.toContain('allow-scripts');
    expect(frame![1]).not.toContain('allow-same-origin');
    expect(frame![2]).toContain('Choose a new password');
    expect(shown.body).toContain('<pre>Choose a new password');
  });

  it('escapes what a mail carries', async () => {
    const user = await insertUser(server, 'en');
    const name = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    await queue(server, {
      userId: user.id,
      to: user.email,
      template: 'password_changed',
      params: { name },
    });
    const list = await server.app.inject({ method: 'GET', url: '/dev/mailbox' });
    const id = /href="\/dev\/mailbox\/([^"]+)"/.exec(list.body)![1]!;
    const shown = await server.app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
    expect(shown.body).not.toMatch(/<script|<img/i);
    expect(shown.body).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;');
    // In the frame's document too: escaped once by the mail, once more for the attribute.
    expect(shown.body).toContain('Hi &amp;lt;script&amp;gt;');
  });

  it('answers 404 route_not_found for a mail it does not have, or a path out of the mailbox', async () => {
    for (const url of [
      '/dev/mailbox/20250101T000000000Z-999999999',
      '/dev/mailbox/..%2Fsecret',
      '/dev/mailbox/x/y',
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ err_key: 'route_not_found' });
    }
  });
});

describe.each<[string, Partial<Config>]>([
  ['SMTP_URL is set', { smtpUrl: 'smtp://127.0.0.1:9' }],
  ['NODE_ENV is production', { production: true }],
])('the development mailbox when %s', (_when, overrides) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ webDistDir: webDist, ...overrides });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is not there: 404 route_not_found, never the web app', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/20250101T000000000Z-1', '/dev/mailbox/']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ err_key: 'route_not_found' });
    }
    // The web app still answers its own pages.
    const page = await server.app.inject({ method: 'GET', url: '/reset-password?token=x' });
    expect(page.body).toContain('the web app');
  });
});

import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { CurrentUser } from '@glimpse/contract';
import { accountTokens } from '../../../db/schema/index.ts';
import { client, startTestServer, type Client, type TestServer } from '../../../test/harness.ts';
import { TEST_PASSWORD } from '../../../test/factories.ts';
import { linkIn, startSmtpSink, type ParsedMail, type SmtpSink } from '../../../test/smtp-sink.ts';
import type { Config } from '../../../platform/config/config.ts';
import { hashMailedToken } from '../../mail/index.ts';

/** Tests only: a server whose mail goes to a real SMTP server started beside it. */
export interface MailedServer {
  server: TestServer;
  sink: SmtpSink;
  /**
   * The next mail to `to` this test has not taken yet (matching `predicate`), waiting for it:
   * a second mail of the same kind (a resend) is told from the first.
   */
  nextMail(to: string, predicate?: (mail: ParsedMail) => boolean): Promise<ParsedMail>;
  stop(): Promise<void>;
}

export async function startMailedServer(
  overrides: Partial<Config> = {},
  options: { logger?: FastifyBaseLogger } = {},
): Promise<MailedServer> {
  const sink = await startSmtpSink();
  const server = await startTestServer({ smtpUrl: sink.url, ...overrides }, options);
  const taken = new Set<ParsedMail>();
  return {
    server,
    sink,
    nextMail: async (to, predicate = () => true) => {
      const mail = await sink.waitForMail(to, (m) => !taken.has(m) && predicate(m));
      taken.add(mail);
      return mail;
    },
    stop: async () => {
      await server.stop();
      await sink.close();
    },
  };
}

/** A mail carrying a link to `path` (its text part, where the link is written out). */
export const linkingTo =
  (path: '/verify-email' | '/reset-password') =>
  (mail: ParsedMail): boolean =>
    (mail.text ?? '').includes(`${path}?token=`);

/** A mail whose subject says it (the English templates). */
export const subjectHas =
  (words: string) =>
  (mail: ParsedMail): boolean =>
    (mail.subject ?? '').includes(words);

/** The token of the next mail's link to `path`. */
export async function nextLink(
  mailed: MailedServer,
  to: string,
  path: '/verify-email' | '/reset-password',
  predicate: (mail: ParsedMail) => boolean = () => true,
): Promise<string> {
  return linkIn(await mailed.nextMail(to, (m) => linkingTo(path)(m) && predicate(m)), path);
}

/** Moves a mailed link's expiry into the past, as if it had been followed too late. */
export async function expireLink(server: TestServer, token: string): Promise<void> {
  await server.ctx.db
    .update(accountTokens)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(accountTokens.tokenHash, hashMailedToken(token)));
}

/** Everything a mail shows: its subject, text and HTML parts. */
export function mailContent(mail: ParsedMail): string {
  return [mail.subject ?? '', mail.text ?? '', typeof mail.html === 'string' ? mail.html : ''].join(
    '\n',
  );
}

/** A fresh browser signed in to the account (a session of its own). */
export async function signIn(
  server: TestServer,
  email: string,
  password = TEST_PASSWORD,
  options: { ip?: string; userAgent?: string } = {},
): Promise<Client> {
  const browser = client(server, options.ip ? { ip: options.ip } : {});
  const response = await browser.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return browser;
}

export async function me(browser: Client): Promise<CurrentUser> {
  return (await browser.get('/api/auth/me')).json<CurrentUser>();
}

/** A logger at its most talkative that keeps every line it writes, for tests that read them. */
export function capturingLogger(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: 'trace' }, sink) as unknown as FastifyBaseLogger, lines };
}

import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type { ParsedMail } from 'mailparser';

export interface SmtpSink {
  /** `smtp://127.0.0.1:{port}`: a server's SMTP_URL (plain SMTP, no auth). */
  url: string;
  /** Every mail received so far, parsed, oldest first. */
  mails(): ParsedMail[];
  /** The first mail to `to` (matching `predicate`) received so far or within `timeoutMs`. */
  waitForMail(
    to: string,
    predicate?: (mail: ParsedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** Every address a parsed mail was sent to (its To header), lower-cased. */
export function recipientsOf(mail: ParsedMail): string[] {
  const to: AddressObject[] = mail.to === undefined ? [] : [mail.to].flat();
  return to.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

/**
 * A real SMTP server for tests (smtp-server from npm) on a free port of 127.0.0.1, without
 * STARTTLS or AUTH: nodemailer then talks plain SMTP to it, as to a local relay. Each mail is
 * parsed with mailparser as it arrives.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, predicate: (mail: ParsedMail) => boolean) =>
    received.find((mail) => recipientsOf(mail).includes(to.toLowerCase()) && predicate(mail));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails: () => [...received],
    waitForMail: (to, predicate = () => true, timeoutMs = 10_000) =>
      new Promise<ParsedMail>((resolve, reject) => {
        const check = () => {
          const mail = find(to, predicate);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no mail to ${to} within ${timeoutMs} ms (${received.length} received)`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The token of the link to `path` in a mail (its text part, where the link is written out):
 * the test follows the link as the recipient would. Throws when the mail has no such link.
 */
export function linkIn(mail: ParsedMail, path: '/verify-email' | '/reset-password'): string {
  const pattern = new RegExp(
    `https?://[^\\s"'<>]+${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`,
  );
  const token = pattern.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no ${path} link in the mail "${mail.subject ?? ''}"`);
  return token;
}

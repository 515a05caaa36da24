import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { Config } from '../../platform/config/config.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { MAIL_FILE_ID } from './file-mailer.ts';
import { mailDir } from './mailer.ts';

/** How many of the newest mails the list shows (each is parsed to show its subject). */
const LIST_LIMIT = 200;

/**
 * The development mailbox is on only where mails are written as files (no SMTP_URL) and never
 * in production: elsewhere its paths answer like any unknown route.
 */
export function devMailboxEnabled(config: Pick<Config, 'smtpUrl' | 'production'>): boolean {
  return !config.smtpUrl && !config.production;
}

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  date: Date | undefined;
}

export interface MailboxMail extends MailboxEntry {
  from: string;
  messageId: string;
  text: string;
  html: string | undefined;
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string =>
  field === undefined
    ? ''
    : [field]
        .flat()
        .map((group) => group.text)
        .join(', ');

function entry(id: string, mail: ParsedMail): MailboxEntry {
  return { id, to: addresses(mail.to), subject: mail.subject ?? '', date: mail.date };
}

/** The newest mails first (file names start with the time the mail was written). */
export async function listMailbox(config: Pick<Config, 'dataDir'>): Promise<MailboxEntry[]> {
  const dir = mailDir(config);
  const files = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const ids = files
    .filter((file) => file.endsWith('.eml'))
    .map((file) => file.slice(0, -4))
    .filter((id) => MAIL_FILE_ID.test(id))
    .sort()
    .reverse()
    .slice(0, LIST_LIMIT);
  return Promise.all(
    ids.map(async (id) =>
      entry(id, await simpleParser(await readFile(path.join(dir, `${id}.eml`)))),
    ),
  );
}

/** One mail by its file id; 404 for an id that is not a mail file of this mailbox. */
export async function readMailboxMail(
  config: Pick<Config, 'dataDir'>,
  id: string,
): Promise<MailboxMail> {
  if (!MAIL_FILE_ID.test(id)) throw new AppError('route_not_found');
  const source = await readFile(path.join(mailDir(config), `${id}.eml`)).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new AppError('route_not_found');
      throw error;
    },
  );
  const mail = await simpleParser(source);
  return {
    ...entry(id, mail),
    from: addresses(mail.from),
    messageId: mail.messageId ?? '',
    text: mail.text ?? '',
    html: mail.html || undefined,
  };
}

/** The distinct web links of a mail's text part, in order: what a reader would click. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}

import path from 'node:path';
import type { Config } from '../../platform/config/config.ts';
import { FileMailer } from './file-mailer.ts';
import type { Mailer } from './outgoing-mail.ts';
import { SmtpMailer } from './smtp-mailer.ts';

export type { Mailer, OutgoingMail } from './outgoing-mail.ts';

/** The folder the file mailer writes to and the development mailbox reads. */
export function mailDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'mail');
}

/** SMTP when SMTP_URL is set; otherwise one .eml file per mail under DATA_DIR/mail. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir'>): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl) : new FileMailer(mailDir(config));
}

import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { nodemailerMessage, type Mailer, type OutgoingMail } from './outgoing-mail.ts';

/** `20250102T030405123Z-42`: sorts by time, and a repeat of one mail writes the same name. */
export function mailFileId(mail: Pick<OutgoingMail, 'date' | 'id'>): string {
  return `${mail.date.toISOString().replace(/[-:.]/g, '')}-${mail.id}`;
}

/** What the development mailbox accepts as a file id (no path can be smuggled through it). */
export const MAIL_FILE_ID = /^\d{8}T\d{9}Z-\d{1,19}$/;

/**
 * The embedded default: each mail becomes `DATA_DIR/mail/{id}.eml`, the real RFC 822 message
 * nodemailer would have sent (its stream transport), for the development mailbox to show.
 * Written to a temporary name and renamed, so the mailbox never reads half a mail.
 */
export class FileMailer implements Mailer {
  private readonly compose = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });

  constructor(private readonly dir: string) {}

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.compose.sendMail(nodemailerMessage(mail));
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${mailFileId(mail)}.eml`);
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, info.message as Buffer);
    await rename(partial, file);
  }
}

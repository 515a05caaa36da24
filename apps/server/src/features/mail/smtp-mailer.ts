import nodemailer from 'nodemailer';
import { nodemailerMessage, type Mailer, type OutgoingMail } from './outgoing-mail.ts';

/**
 * Sends through an SMTP server (nodemailer, one connection per mail: mails are rare, and a pool
 * would hold a connection the server may drop). Timeouts are short enough that a dead server
 * fails the job, which pg-boss retries, instead of holding a worker for minutes.
 */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(url: string) {
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail(nodemailerMessage(mail));
  }
}

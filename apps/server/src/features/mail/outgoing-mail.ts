/** One rendered mail, ready for a transport. */
export interface OutgoingMail {
  /** The mails row. */
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<mail-{id}@host>`: the same on every attempt, so a repeat is recognisable as one. */
  messageId: string;
  /** When the mail was written (the Date header), the same on every attempt. */
  date: Date;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for notification mails). */
  headers?: Record<string, string>;
}

/** Where mails go: an SMTP server, or files for the development mailbox. */
export interface Mailer {
  /** Resolves once the transport has taken the mail; throws when it has not. */
  send(mail: OutgoingMail): Promise<void>;
}

/** The message as nodemailer takes it: multipart/alternative, the text part first. */
export function nodemailerMessage(mail: OutgoingMail) {
  const { from, to, subject, text, html, messageId, date, headers } = mail;
  return { from, to, subject, text, html, messageId, date, ...(headers ? { headers } : {}) };
}

import type { AccountLanguage } from '@glimpse/contract';

/** Every mail the service writes; one file each under templates/. */
export const MAIL_TEMPLATES = [
  'email_verify',
  'password_reset',
  'email_change_confirm',
  'email_change_notice',
  'password_changed',
  'payout_method_changed',
  'data_export_ready',
  'two_factor_changed',
  'account_deletion_scheduled',
  // Notifications (features/notifications/email): one line at once, or the daily digest.
  'notification',
  'notification_digest',
  // Copyright notices (features/copyright): the claimant's receipt and the counter-notice.
  'copyright_notice_received',
  'copyright_counter_notice',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** A template's parameters: names, addresses, numbers. Never a password or a token. */
export type MailParams = Record<string, string | number>;

export interface MailToQueue {
  /** The recipient's account (their language); null for an address no account owns. */
  userId: number | null;
  to: string;
  template: MailTemplate;
  params?: MailParams;
  /** The single-use link the mail carries (account_tokens row); its token is derived when sent. */
  accountTokenId?: number;
}

export type MailLanguage = AccountLanguage;

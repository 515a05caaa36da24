import type { MailTemplate } from '../mail-types.ts';
import { accountDeletionScheduled } from './account-deletion-scheduled.ts';
import { dataExportReady } from './data-export-ready.ts';
import { emailChangeConfirm } from './email-change-confirm.ts';
import { emailChangeNotice } from './email-change-notice.ts';
import { emailVerify } from './email-verify.ts';
import { notificationDigest } from './notification-digest.ts';
import { notificationMail } from './notification.ts';
import { copyrightCounterNotice, copyrightNoticeReceived } from './copyright-notice.ts';
import { passwordChanged } from './password-changed.ts';
import { passwordReset } from './password-reset.ts';
import { payoutMethodChanged } from './payout-method-changed.ts';
import { twoFactorChanged } from './two-factor-changed.ts';
import type { MailTemplateDefinition } from './template.ts';

/** Every template by name. */
export const TEMPLATES: Record<MailTemplate, MailTemplateDefinition> = {
  email_verify: emailVerify,
  password_reset: passwordReset,
  email_change_confirm: emailChangeConfirm,
  email_change_notice: emailChangeNotice,
  password_changed: passwordChanged,
  payout_method_changed: payoutMethodChanged,
  data_export_ready: dataExportReady,
  two_factor_changed: twoFactorChanged,
  account_deletion_scheduled: accountDeletionScheduled,
  notification: notificationMail,
  notification_digest: notificationDigest,
  copyright_notice_received: copyrightNoticeReceived,
  copyright_counter_notice: copyrightCounterNotice,
};

export type { MailContent, MailLinkPath, MailSection, MailTemplateDefinition } from './template.ts';
export { templateParams } from './template.ts';

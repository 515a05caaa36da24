import './account-texts.ts';
import { CircleCheck, MailWarning } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/index.ts';
import { ResendLink } from './ResendLink.tsx';

/**
 * The notice of an unconfirmed address, with Resend. Once the address is confirmed (the resend
 * found it so, or the session was asked again) it says so instead of going without a word.
 */
export function EmailNotice() {
  const { t } = useTranslation();
  const me = useMe().data;
  const headingId = useId();
  if (!me) return null;
  if (me.email_verified) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl bg-green-50 px-3 py-2 text-sm text-green-900"
      >
        <CircleCheck aria-hidden="true" size={18} className="shrink-0" />
        {t('account.notice.alreadyConfirmed')}
      </p>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className="flex gap-3 rounded-xl bg-amber-50 px-3 py-3 text-sm text-amber-900"
    >
      <MailWarning aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 id={headingId} className="font-semibold">
          {t('account.notice.title')}
        </h2>
        <p className="wrap-anywhere">{t('account.notice.body', { email: me.email })}</p>
        <ResendLink email={me.email} compact />
      </div>
    </section>
  );
}

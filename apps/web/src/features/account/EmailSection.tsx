import { BadgeCheck, MailWarning, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { AccountSection } from './AccountSection.tsx';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';
import { ResendLink } from './ResendLink.tsx';

/** The account's address, whether it is confirmed (Resend when not), and changing it. */
export function EmailSection() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const toggleId = useId();
  const [editing, setEditing] = useState(false);
  const [sentTo, setSentTo] = useState<string>();

  function closeForm() {
    setEditing(false);
    // The form had the focus; it goes back to the button that opened it, once that is back.
    requestAnimationFrame(() => document.getElementById(toggleId)?.focus());
  }

  return (
    <AccountSection heading={t('account.email.heading')}>
      <div className="flex flex-col">
        <p className="font-medium wrap-anywhere text-neutral-900">{me.email}</p>
        {me.email_verified ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-emerald-700">
            <BadgeCheck aria-hidden="true" size={16} />
            {t('account.email.confirmed')}
          </p>
        ) : (
          <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-red-700">
            <MailWarning aria-hidden="true" size={16} />
            {t('account.email.unconfirmed')}
          </p>
        )}
        {!me.email_verified && (
          <p className="mt-1 text-sm text-neutral-700">{t('account.email.unconfirmedHint')}</p>
        )}
        {/* Always in the page, so screen readers announce what appears in it. */}
        <p role="status" className="mt-2 text-sm wrap-anywhere text-neutral-800 empty:mt-0">
          {sentTo && t('account.email.sent', { email: sentTo, current: me.email })}
        </p>
      </div>
      {!me.email_verified && <ResendLink email={me.email} />}
      {editing ? (
        <ChangeEmailForm
          currentEmail={me.email}
          onCancel={closeForm}
          onSent={(email) => {
            setSentTo(email);
            closeForm();
          }}
        />
      ) : (
        <Button
          id={toggleId}
          variant="secondary"
          className="self-start"
          onClick={() => {
            setSentTo(undefined);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" size={18} />
          {t('account.email.change')}
        </Button>
      )}
    </AccountSection>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/Button.tsx';
import { useMarkEmailConfirmed, useResendVerification } from './account.queries.ts';

/**
 * "Resend link" for an unconfirmed address, with what came of it: sending, sent, too many tries
 * (rate_limited), or confirmed already (the cache learns it, so the notices about it go).
 */
export function ResendLink({ email, compact = false }: { email: string; compact?: boolean }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const markConfirmed = useMarkEmailConfirmed();
  const [sent, setSent] = useState(false);

  function handleResend() {
    setSent(false);
    resend.mutate(undefined, {
      onSuccess: () => setSent(true),
      onError: (error) => {
        if (isApiError(error, 'email_already_verified')) markConfirmed();
      },
    });
  }

  return (
    <div className="flex flex-col items-start">
      <Button
        variant="secondary"
        // In a notice it stays small beside the text; in the security screen it is a full button.
        className={compact ? 'min-h-10 px-3 text-sm' : undefined}
        onClick={handleResend}
        disabled={resend.isPending}
        aria-busy={resend.isPending}
      >
        {resend.isPending ? t('account.notice.sending') : t('account.notice.resend')}
      </Button>
      {/* Always in the page, so screen readers announce what appears in it. */}
      <p role="status" className="mt-2 text-sm wrap-anywhere empty:mt-0">
        {sent && t('account.notice.sent', { email })}
      </p>
      {resend.isError && !isApiError(resend.error, 'email_already_verified') && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(t, resend.error)}
        </p>
      )}
    </div>
  );
}

import { BadgeCheck, Clock, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import {
  currentReturnPath,
  useStartVerification,
  useVerificationStatus,
} from './verification.queries.ts';

/**
 * "Verify identity" on the own profile: the state of the user's identity check (verified,
 * pending, rejected) and the way to start one, or to try again after a rejection.
 */
export function VerifyIdentityEntry() {
  const { t } = useTranslation();
  const { notifyError } = useSnackbar();
  const status = useVerificationStatus();
  const start = useStartVerification();

  const startButton = (label: string) => (
    <Button
      variant="secondary"
      disabled={start.isPending}
      onClick={() => start.mutate(currentReturnPath(), { onError: notifyError })}
    >
      <ShieldCheck aria-hidden="true" size={18} />
      {start.isPending ? t('verification.opening') : label}
    </Button>
  );

  let body;
  if (status.isPending) {
    body = <Spinner label={t('verification.loading')} />;
  } else if (status.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-neutral-700">{t('verification.loadFailed')}</p>
        <Button variant="ghost" onClick={() => void status.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (status.data.verified) {
    body = (
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-700">
        <BadgeCheck aria-hidden="true" size={18} />
        {t('verification.status.approved')}
      </p>
    );
  } else if (status.data.status === 'pending') {
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <p className="flex items-center gap-2 text-sm text-neutral-700">
          <Clock aria-hidden="true" size={18} />
          {t('verification.status.pending')}
        </p>
        {startButton(t('verification.continue'))}
      </div>
    );
  } else if (status.data.status === 'rejected') {
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <p className="flex items-center gap-2 text-sm text-red-700">
          <ShieldAlert aria-hidden="true" size={18} />
          {t('verification.status.rejected')}
        </p>
        {startButton(t('verification.retry'))}
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <p className="text-sm text-neutral-700">{t('verification.why')}</p>
        {startButton(t('verification.verifyIdentity'))}
      </div>
    );
  }

  return (
    <section
      aria-labelledby="verify-identity-heading"
      className="mx-5 mb-4 rounded-xl border border-neutral-200 p-4 lg:mx-8"
    >
      <h2 id="verify-identity-heading" className="mb-2 text-base font-semibold">
        {t('verification.title')}
      </h2>
      {body}
    </section>
  );
}

import { BadgeCheck, Clock, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonRoom } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import {
  currentReturnPath,
  useStartVerification,
  useVerificationStatus,
} from './verification.queries.ts';

/**
 * "Verify identity" on the own profile: the state of the user's identity check (verified,
 * pending, rejected) and the way to start one, or to try again after a rejection. `verified` is
 * what the signed-in user's own data already says: while the check's status loads, a verified
 * user sees their line at once and anyone else a spinner in the room of the line and button to
 * come, so the profile's buttons below (Sign out last) do not move under a tap when it arrives.
 */
export function VerifyIdentityEntry({ verified = false }: { verified?: boolean }) {
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

  const verifiedLine = (
    <p className="flex items-center gap-2 text-sm font-semibold text-emerald-700">
      <BadgeCheck aria-hidden="true" size={18} />
      {t('verification.status.approved')}
    </p>
  );

  let body;
  if (status.isPending && verified) {
    body = verifiedLine;
  } else if (status.isPending) {
    body = (
      <div className="relative">
        <div
          aria-hidden="true"
          className="invisible flex flex-col gap-3 sm:flex-row sm:items-center"
        >
          <p className="text-sm">{t('verification.why')}</p>
          <ButtonRoom icon={<ShieldCheck size={18} />} label={t('verification.verifyIdentity')} />
        </div>
        <Spinner className="absolute inset-0" label={t('verification.loading')} />
      </div>
    );
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
    body = verifiedLine;
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

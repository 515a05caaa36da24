import type { PayoutMethod } from '@glimpse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { useSecondFactorGate } from '../account/index.ts';
import { usePayoutConnectLink } from './payout-method.queries.ts';

interface PayoutMethodStripeProps {
  method: Extract<PayoutMethod, { kind: 'stripe_connect' }> | null;
  /** `?payout_setup=` as Stripe sent the creator back: done, or the link had expired. */
  returned: 'done' | 'retry' | undefined;
}

/**
 * With Stripe, the details are given on Stripe's pages: a button to its onboarding (started,
 * continued, or opened again after its link expired) and where it stands.
 */
export function PayoutMethodStripe({ method, returned }: PayoutMethodStripeProps) {
  const { t } = useTranslation();
  const link = usePayoutConnectLink();
  const { withSecondFactor, secondFactorDialog } = useSecondFactorGate();
  const [message, setMessage] = useState<string>();
  // Between the answer and the page leaving, the button stays busy.
  const [leaving, setLeaving] = useState(false);

  function openStripe() {
    setMessage(undefined);
    withSecondFactor(() => link.mutateAsync()).then(
      ({ redirectUrl }) => {
        setLeaving(true);
        window.location.assign(redirectUrl);
      },
      (error: unknown) => setMessage(errorMessage(t, error)),
    );
  }

  const busy = link.isPending || leaving;
  const status = method?.ready
    ? t('wallet.payoutMethod.stripe.ready')
    : method
      ? t('wallet.payoutMethod.stripe.pending')
      : t('wallet.payoutMethod.stripe.intro');

  return (
    <div className="flex flex-col gap-3">
      {returned && !method?.ready && (
        <p role="status" className="rounded-xl bg-neutral-100 p-3 text-sm text-neutral-800">
          {t(
            returned === 'done'
              ? 'wallet.payoutMethod.stripe.back'
              : 'wallet.payoutMethod.stripe.expired',
          )}
        </p>
      )}
      <p className="text-sm text-neutral-700">{status}</p>
      <FormAlert message={message} />
      {!method?.ready && (
        <Button onClick={openStripe} disabled={busy} aria-busy={busy} className="sm:self-start">
          {busy
            ? t('wallet.payoutMethod.stripe.opening')
            : method
              ? t('wallet.payoutMethod.stripe.continue')
              : t('wallet.payoutMethod.stripe.start')}
        </Button>
      )}
      {secondFactorDialog}
    </div>
  );
}

import { PAYOUT_MIN, type Earnings } from '@glimpse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { isApiError } from '../../lib/api.ts';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useSecondFactorGate } from '../account/index.ts';
import { VerifyDialog } from '../story-editing/index.ts';
import { EarningsBreakdown } from './EarningsBreakdown.tsx';
import { usePayoutMethod } from './payout-method.queries.ts';
import { PayoutMethodCard } from './PayoutMethodCard.tsx';
import { PayoutList } from './PayoutList.tsx';
import { useRequestPayout } from './wallet.queries.ts';

const STAGES = ['pending', 'withdrawable', 'in_flight', 'paid_out'] as const;

interface EarningsSectionProps {
  earnings: Earnings;
  verified: boolean;
}

/**
 * A creator's earnings by stage (pending in the hold, withdrawable, being paid out, paid out),
 * where they came from, the payout of the withdrawable part, and where payouts go.
 */
export function EarningsSection({ earnings, verified }: EarningsSectionProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const [verifyOpen, setVerifyOpen] = useState(false);
  const payout = useRequestPayout();
  const payoutMethod = usePayoutMethod(verified);
  const { withSecondFactor, secondFactorDialog } = useSecondFactorGate();
  // The payout was refused for want of a method: say so, with the way to add one.
  const [methodMissing, setMethodMissing] = useState(false);
  const [focusMethod, setFocusMethod] = useState(0);
  const canPayOut = earnings.withdrawable >= PAYOUT_MIN;
  const knownWithoutMethod = payoutMethod.isSuccess && payoutMethod.data.method === null;

  function handlePayout() {
    if (!verified) return setVerifyOpen(true);
    setMethodMissing(false);
    // With two-factor on and none given lately, the dialog asks for it and the payout runs again.
    withSecondFactor(() => payout.mutateAsync('all')).then(
      () => notify.success(t('wallet.earnings.payoutRequested')),
      (error: unknown) =>
        isApiError(error, 'payout_method_required') ? setMethodMissing(true) : notifyError(error),
    );
  }

  return (
    <section aria-labelledby="wallet-earnings" className="flex flex-col gap-3">
      <h2 id="wallet-earnings" className="text-lg font-semibold">
        {t('wallet.earnings.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {STAGES.map((stage) => (
          <div key={stage} className="rounded-xl border border-neutral-200 p-3">
            <dt className="text-sm text-neutral-600">{t(`wallet.earnings.${stage}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatMoney(earnings[stage])}</dd>
          </div>
        ))}
      </dl>
      <EarningsBreakdown />
      <div className="flex flex-col gap-1">
        <Button
          variant="secondary"
          onClick={handlePayout}
          disabled={payout.isPending || (verified && !canPayOut)}
          aria-describedby="wallet-payout-hint"
        >
          {t('wallet.earnings.payout')}
        </Button>
        <p id="wallet-payout-hint" className="text-xs text-neutral-600">
          {!verified
            ? t('wallet.earnings.verifyHint')
            : knownWithoutMethod
              ? t('wallet.earnings.payoutMethodMissing')
              : t('wallet.earnings.payoutHint', { min: formatMoney(PAYOUT_MIN) })}
        </p>
        {methodMissing && (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
          >
            <p>{t('errors.payout_method_required')}</p>
            <Button
              variant="secondary"
              className="shrink-0"
              onClick={() => {
                setMethodMissing(false);
                setFocusMethod((count) => count + 1);
              }}
            >
              {t('wallet.earnings.addPayoutMethod')}
            </Button>
          </div>
        )}
      </div>
      {verified && <PayoutMethodCard focusRequest={focusMethod} />}
      {verified && <PayoutList />}
      <VerifyDialog open={verifyOpen} onOpenChange={setVerifyOpen} />
      {secondFactorDialog}
    </section>
  );
}

import { PAYOUT_MIN, type Earnings } from '@glimpse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { VerifyDialog } from '../story-editing/index.ts';
import { EarningsBreakdown } from './EarningsBreakdown.tsx';
import { PayoutList } from './PayoutList.tsx';
import { useRequestPayout } from './wallet.queries.ts';

const STAGES = ['pending', 'withdrawable', 'in_flight', 'paid_out'] as const;

interface EarningsSectionProps {
  earnings: Earnings;
  verified: boolean;
}

/**
 * A creator's earnings by stage (pending in the hold, withdrawable, being paid out, paid out),
 * where they came from, and the payout of the withdrawable part.
 */
export function EarningsSection({ earnings, verified }: EarningsSectionProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const [verifyOpen, setVerifyOpen] = useState(false);
  const payout = useRequestPayout();
  const canPayOut = earnings.withdrawable >= PAYOUT_MIN;

  function handlePayout() {
    if (!verified) return setVerifyOpen(true);
    payout.mutate('all', {
      onSuccess: () => notify.success(t('wallet.earnings.payoutRequested')),
      onError: notifyError,
    });
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
          {verified
            ? t('wallet.earnings.payoutHint', { min: formatMoney(PAYOUT_MIN) })
            : t('wallet.earnings.verifyHint')}
        </p>
      </div>
      {verified && <PayoutList />}
      <VerifyDialog open={verifyOpen} onOpenChange={setVerifyOpen} />
    </section>
  );
}

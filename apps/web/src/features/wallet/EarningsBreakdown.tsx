import type { EarningsBreakdown as Breakdown } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useEarnings } from './wallet.queries.ts';

/**
 * Where a creator's earnings came from: each kind of purchase (count and what fans paid), the
 * platform's fee, the creator's share, and what refunds took back.
 */
export function EarningsBreakdown() {
  const { t } = useTranslation();
  const earnings = useEarnings(true);
  if (earnings.isPending) return <Spinner className="py-3" label={t('wallet.breakdown.loading')} />;
  if (earnings.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-neutral-700">
        {t('wallet.breakdown.failed')}
        <Button variant="secondary" onClick={() => void earnings.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return <BreakdownTable breakdown={earnings.data} />;
}

const rowClass = 'flex items-baseline justify-between gap-3 px-3 py-2';

function BreakdownTable({ breakdown }: { breakdown: Breakdown }) {
  const { t, i18n } = useTranslation();
  const { totals } = breakdown;
  const nextRelease =
    breakdown.next_release_at &&
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
      new Date(breakdown.next_release_at),
    );
  return (
    <section aria-labelledby="wallet-breakdown" className="flex flex-col gap-1">
      <h3 id="wallet-breakdown" className="text-sm font-medium text-neutral-900">
        {t('wallet.breakdown.title')}
      </h3>
      <dl className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 text-sm">
        {breakdown.sources.map((source) => (
          <div key={source.kind} className={rowClass}>
            <dt>
              {t(`wallet.breakdown.source.${source.kind}`)}{' '}
              <span className="text-neutral-600">
                {t('wallet.breakdown.count', { count: source.count })}
              </span>
            </dt>
            <dd className="tabular-nums">{formatMoney(source.gross)}</dd>
          </div>
        ))}
        <div className={rowClass}>
          <dt className="font-medium">{t('wallet.breakdown.gross')}</dt>
          <dd className="font-medium tabular-nums">{formatMoney(totals.gross)}</dd>
        </div>
        <div className={rowClass}>
          <dt>{t('wallet.breakdown.fees')}</dt>
          <dd className="tabular-nums">
            {totals.fees > 0 && '−'}
            {formatMoney(totals.fees)}
          </dd>
        </div>
        {totals.reversed > 0 && (
          <div className={rowClass}>
            <dt>{t('wallet.breakdown.reversed')}</dt>
            <dd className="tabular-nums">−{formatMoney(totals.reversed)}</dd>
          </div>
        )}
        <div className={rowClass}>
          <dt className="font-semibold">{t('wallet.breakdown.net')}</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(totals.net)}</dd>
        </div>
      </dl>
      <p className="text-xs text-neutral-600">
        {t('wallet.breakdown.hold', { count: breakdown.hold_days })}
        {nextRelease && ` ${t('wallet.breakdown.nextRelease', { date: nextRelease })}`}
      </p>
    </section>
  );
}

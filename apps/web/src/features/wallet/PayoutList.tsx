import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { usePayouts } from './wallet.queries.ts';

/** The creator's payouts and where each stands. */
export function PayoutList() {
  const { t, i18n } = useTranslation();
  const payouts = usePayouts(true);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  if (payouts.isPending)
    return <Spinner className="self-center" label={t('wallet.payouts.loading')} />;
  if (payouts.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('wallet.payouts.failed')}{' '}
        <Button variant="ghost" onClick={() => void payouts.refetch()}>
          {t('common.retry')}
        </Button>
      </p>
    );
  }
  if (payouts.data.length === 0) {
    return <p className="text-sm text-neutral-600">{t('wallet.payouts.empty')}</p>;
  }
  return (
    <section aria-label={t('wallet.payouts.title')}>
      <h3 className="mb-1 text-sm font-medium">{t('wallet.payouts.title')}</h3>
      <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 text-sm">
        {payouts.data.map((payout) => (
          <li key={payout.id} className="flex justify-between gap-2 px-3 py-2">
            <span>{dateFormat.format(new Date(payout.created_at))}</span>
            <span>{t(`wallet.payouts.status.${payout.status}`)}</span>
            <span className="font-semibold tabular-nums">{formatMoney(payout.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

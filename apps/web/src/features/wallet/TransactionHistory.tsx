import type { WalletHistoryLine } from '@glimpse/contract';
import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { cn } from '../../ui/cn.ts';
import { useWalletHistory } from './wallet.queries.ts';

/**
 * The wallet's history: every movement of the wallet and of the earnings, newest first, each
 * with where its money stands (pending until a date, available, reversed, a payout's state).
 * More lines load on demand.
 */
export function TransactionHistory() {
  const { t } = useTranslation();
  const history = useWalletHistory();
  const lines = history.data?.pages.flatMap((page) => page.data) ?? [];
  let body;
  if (history.isPending) body = <Spinner className="py-6" label={t('wallet.history.loading')} />;
  else if (history.isError && lines.length === 0) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-neutral-700">
        {t('wallet.history.failed')}
        <Button variant="secondary" onClick={() => void history.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (lines.length === 0) {
    body = <EmptyState icon={<ReceiptText size={32} />} title={t('wallet.history.empty')} />;
  } else {
    body = (
      <>
        <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200">
          {lines.map((line) => (
            <HistoryLine key={line.id} line={line} />
          ))}
        </ul>
        {history.isFetchNextPageError && (
          <p role="alert" className="text-sm text-red-700">
            {t('wallet.history.moreFailed')}
          </p>
        )}
        {history.hasNextPage && (
          <Button
            variant="secondary"
            className="self-center"
            disabled={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {history.isFetchingNextPage
              ? t('wallet.history.loadingMore')
              : t('wallet.history.more')}
          </Button>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="wallet-history" className="flex flex-col gap-2">
      <h2 id="wallet-history" className="text-lg font-semibold">
        {t('wallet.history.title')}
      </h2>
      {body}
    </section>
  );
}

const SIGN = { in: '+', out: '−', move: '' } as const;

function HistoryLine({ line }: { line: WalletHistoryLine }) {
  const { t, i18n } = useTranslation();
  const date = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(value));
  const party = line.counterparty?.name;
  const detail = [
    date(line.created_at),
    party &&
      t(line.direction === 'in' ? 'wallet.history.from' : 'wallet.history.to', {
        name: party,
      }),
    line.account === 'earnings' && line.direction !== 'move' && t('wallet.history.toEarnings'),
  ].filter(Boolean);
  const status =
    line.status === 'completed'
      ? null
      : t(`wallet.status.${line.status}`, {
          date: line.available_at ? date(line.available_at) : '',
        });
  return (
    <li className="flex items-start justify-between gap-3 px-3 py-2">
      <div className="min-w-0">
        <p className="font-medium">{t(`wallet.kind.${line.kind}`)}</p>
        <p className="text-sm break-words text-neutral-600">{detail.join(' · ')}</p>
        {line.gross !== null && line.fee !== null && line.fee > 0 && (
          <p className="text-xs text-neutral-600">
            {t('wallet.history.split', {
              gross: formatMoney(line.gross),
              fee: formatMoney(line.fee),
            })}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span
          className={cn(
            'font-semibold tabular-nums',
            line.direction === 'in' && line.status !== 'reversed' && 'text-green-700',
            line.direction === 'move' && 'text-neutral-600',
            line.status === 'reversed' && 'line-through decoration-neutral-500',
          )}
        >
          <span className="sr-only">{t(`wallet.direction.${line.direction}`)} </span>
          <span aria-hidden="true">{SIGN[line.direction]}</span>
          {formatMoney(line.amount)}
        </span>
        {status && (
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              line.status === 'pending' || line.status === 'in_flight'
                ? 'bg-amber-50 text-amber-900'
                : line.status === 'reversed' || line.status === 'returned'
                  ? 'bg-neutral-100 text-neutral-700'
                  : 'bg-green-50 text-green-800',
            )}
          >
            {status}
          </span>
        )}
      </div>
    </li>
  );
}

import type { WalletTransaction } from '@glimpse/contract';
import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { cn } from '../../ui/cn.ts';

/** The wallet's recent transactions, newest first, each kind in words. */
export function TransactionHistory({ transactions }: { transactions: WalletTransaction[] }) {
  const { t, i18n } = useTranslation();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section aria-labelledby="wallet-history" className="flex flex-col gap-2">
      <h2 id="wallet-history" className="text-lg font-semibold">
        {t('wallet.history.title')}
      </h2>
      {transactions.length === 0 ? (
        <EmptyState icon={<ReceiptText size={32} />} title={t('wallet.history.empty')} />
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200">
          {transactions.map((transaction) => (
            <li key={transaction.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <p className="font-medium">{t(`wallet.kind.${transaction.kind}`)}</p>
                <p className="truncate text-sm text-neutral-600">
                  {dateFormat.format(new Date(transaction.created_at))}
                  {transaction.counterparty && ` · ${transaction.counterparty.name}`}
                </p>
              </div>
              <span
                className={cn(
                  'font-semibold tabular-nums',
                  transaction.amount < 0 ? 'text-neutral-900' : 'text-green-700',
                )}
              >
                {transaction.amount > 0 ? '+' : ''}
                {formatMoney(transaction.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

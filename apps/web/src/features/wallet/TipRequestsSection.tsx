import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { InsufficientFundsDialog } from '../money/index.ts';
import { useDeclineTipRequest, usePayTipRequest, useTipRequests } from './wallet.queries.ts';

/** Tip requests other users sent the viewer: pay or decline each (issue 10 item 4). */
export function TipRequestsSection({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const requests = useTipRequests();
  const pay = usePayTipRequest();
  const decline = useDeclineTipRequest();
  const [missing, setMissing] = useState<number | null>(null);
  // One answer at a time: paying and declining the same request at once would race.
  const busy = pay.isPending || decline.isPending;

  // Nothing to show while loading or without requests: the section is for when someone asks.
  if (!requests.data || requests.data.length === 0) return null;

  function handlePay(id: number, amount: number) {
    pay.mutate(id, {
      onSuccess: () => notify.success(t('wallet.requests.paid')),
      onError: (error) => {
        // In cents: 101.01 - 0.07 is 100.94000000000001 in floating point, a cent too many.
        if (isApiError(error, 'insufficient_funds')) {
          setMissing((Math.round(amount * 100) - Math.round(balance * 100)) / 100);
        } else notifyError(error);
      },
    });
  }

  return (
    <section aria-labelledby="wallet-requests" className="flex flex-col gap-2">
      <h2 id="wallet-requests" className="text-lg font-semibold">
        {t('wallet.requests.title')}
      </h2>
      <ul className="flex flex-col gap-2">
        {requests.data.map((request) => (
          <li
            key={request.id}
            className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-3"
          >
            <p>
              {t('wallet.requests.asks', {
                name: request.requester.name,
                amount: formatMoney(request.amount),
              })}
            </p>
            {request.message && (
              <q className="text-sm text-neutral-700 italic">{request.message}</q>
            )}
            <div className="flex gap-2">
              <Button
                onClick={() => handlePay(request.id, request.amount)}
                disabled={busy}
                aria-label={t('wallet.requests.payLabel', { name: request.requester.name })}
              >
                {t('wallet.requests.pay')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => decline.mutate(request.id, { onError: notifyError })}
                disabled={busy}
                aria-label={t('wallet.requests.declineLabel', {
                  name: request.requester.name,
                })}
              >
                {t('wallet.requests.decline')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <InsufficientFundsDialog
        open={missing !== null}
        onOpenChange={(open) => !open && setMissing(null)}
        missing={missing ?? 0}
      />
    </section>
  );
}

import type { Message } from '@glimpse/contract';
import { CircleDollarSign, HandCoins } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useCurrentUser } from '../auth/index.ts';
import { InsufficientFundsDialog } from '../money/index.ts';
import { isInsufficientFunds, usePayTipRequest } from './chat-money.queries.ts';

/** A tip sent (user_tip): the amount and the tipper's words. */
export function UserTipBody({ message }: { message: Message }) {
  const { t } = useTranslation();
  const amount = formatMoney(message.meta.tip?.amount ?? 0);
  return (
    <div className="flex flex-col gap-1">
      <p className="flex items-center gap-1.5 font-semibold">
        <CircleDollarSign aria-hidden="true" size={18} />
        {message.own
          ? t('chat.tip.sentByMe', { amount })
          : t('chat.tip.sentBy', { name: message.meta.buyer?.name ?? message.sender_name, amount })}
      </p>
      {message.message && <p className="break-words whitespace-pre-wrap">{message.message}</p>}
    </div>
  );
}

interface CreatorTipBodyProps {
  message: Message;
  /** The request, paid: its message shows it as paid. */
  onPaid: (message: Message) => void;
}

/**
 * A tip requested (creator_tip): what for and how much; the addressee pays it from here while
 * it waits, everyone else sees its status.
 */
export function CreatorTipBody({ message, onPaid }: CreatorTipBodyProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const me = useCurrentUser();
  const pay = usePayTipRequest();
  const [missing, setMissing] = useState<number | null>(null);
  const request = message.meta.creator_tip;
  if (!request) return <p>{message.message}</p>;
  const price = formatMoney(request.price);
  const payable = !message.own && request.status === 'pending';

  function handlePay() {
    if (!request) return;
    pay.mutate(request.request_id, {
      onSuccess: () => {
        notify.success(t('chat.tip.paid'));
        onPaid({
          ...message,
          meta: { ...message.meta, creator_tip: { ...request, status: 'paid' } },
        });
      },
      onError: (error) => {
        // In cents, as the wallet does: floating point would offer a cent too many.
        if (isInsufficientFunds(error)) {
          setMissing((Math.round(request.price * 100) - Math.round(me.balance * 100)) / 100);
        } else notifyError(error);
      },
    });
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-1.5 font-semibold">
        <HandCoins aria-hidden="true" size={18} />
        {t('chat.tip.request', { name: request.name, price })}
      </p>
      {/* The server names a request by its words (meta.creator_tip.name): show them once. */}
      {message.message && message.message !== request.name && (
        <p className="break-words whitespace-pre-wrap">{message.message}</p>
      )}
      {payable ? (
        <Button
          onClick={handlePay}
          disabled={pay.isPending}
          aria-label={t('chat.tip.payLabel', { name: request.name, price })}
          className="min-h-10 self-start"
        >
          {t('chat.tip.pay')}
        </Button>
      ) : (
        <p className="text-sm">{t(`chat.tip.status.${request.status}`)}</p>
      )}
      {missing !== null && (
        <InsufficientFundsDialog open onOpenChange={() => setMissing(null)} missing={missing} />
      )}
    </div>
  );
}

import type { ChatParty, PaidOption } from '@glimpse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useCurrentUser } from '../auth/index.ts';
import {
  createMarker,
  InsufficientFundsDialog,
  rememberPendingPurchase,
  SubscribeDialog,
} from '../money/index.ts';
import { isInsufficientFunds, useBuyDirectMessage } from './chat-money.queries.ts';
import { useCreatorOffer } from './chat.queries.ts';

interface PaidOptionsDialogProps {
  options: PaidOption[];
  companion: ChatParty;
  onClose: () => void;
  /** The direct message is bought: messages may go. */
  onPurchased: () => void;
  /** The subscribe dialog closed (subscribed or not): the caller asks the server again. */
  onSubscribeClosed: () => void;
}

type Stage = 'options' | 'subscribe' | 'insufficient';

/**
 * Spec 2 and 8, the direct-message/subscribe options dialog: the ways err_paid_options offers to
 * open messages to this creator. Subscribe leads to the money feature's subscribe dialog; paying
 * for a direct message buys it from the wallet (or tops it up first, `redirectUrl`).
 */
export function PaidOptionsDialog({
  options,
  companion,
  onClose,
  onPurchased,
  onSubscribeClosed,
}: PaidOptionsDialogProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [stage, setStage] = useState<Stage>('options');
  const subscribeOption = options.find((option) => option.type === 'subscribe');
  const directOption = options.find((option) => option.type === 'direct_message');
  // Benefits and bundles for the subscribe dialog, asked for as soon as subscribing is offered.
  const offer = useCreatorOffer(companion.slug, subscribeOption !== undefined);
  const buy = useBuyDirectMessage();

  function handleBuy() {
    buy.mutate(companion.id, {
      onSuccess: (answer) => {
        if ('redirectUrl' in answer) {
          // Back from the top-up, the money feature buys the messages (PurchaseResumer).
          rememberPendingPurchase(createMarker({ kind: 'direct_message', userId: companion.id }));
          window.location.assign(answer.redirectUrl);
        } else onPurchased();
      },
      onError: (error) => {
        if (isInsufficientFunds(error)) setStage('insufficient');
      },
    });
  }

  return (
    <>
      <Dialog
        open={stage === 'options'}
        onOpenChange={(open) => !open && onClose()}
        title={t('chat.paid.title', { name: companion.name })}
        description={options.length > 0 ? t('chat.paid.body') : t('chat.paid.none')}
        showClose
      >
        <div className="flex flex-col gap-2">
          {subscribeOption && (
            <Button onClick={() => setStage('subscribe')} disabled={offer.isPending}>
              {t('chat.paid.subscribe', { price: formatMoney(subscribeOption.price) })}
            </Button>
          )}
          {directOption && (
            <Button
              variant={subscribeOption ? 'secondary' : 'primary'}
              onClick={handleBuy}
              disabled={buy.isPending}
            >
              {t('chat.paid.directMessage', { price: formatMoney(directOption.price) })}
            </Button>
          )}
        </div>
        {buy.isError && !isInsufficientFunds(buy.error) && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(t, buy.error)}
          </p>
        )}
      </Dialog>
      {stage === 'subscribe' && subscribeOption && (
        <SubscribeDialog
          open
          onOpenChange={(open) => !open && onSubscribeClosed()}
          creator={{
            id: companion.id,
            name: companion.name,
            subscribePrice: subscribeOption.price,
            benefits: offer.data?.subscriptionBenefits.benefits_list ?? [],
            bundles: offer.data?.subscriptionBenefits.bundles ?? [],
          }}
        />
      )}
      {stage === 'insufficient' && directOption && (
        <InsufficientFundsDialog
          open
          onOpenChange={() => setStage('options')}
          missing={(Math.round(directOption.price * 100) - Math.round(me.balance * 100)) / 100}
        />
      )}
    </>
  );
}

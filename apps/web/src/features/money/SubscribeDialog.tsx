import type { Bundle } from '@glimpse/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { InsufficientFundsDialog } from './InsufficientFundsDialog.tsx';
import { useSubscribe } from './money.queries.ts';
import { createMarker, rememberPendingPurchase } from './purchase-resume.ts';
import { subscriptionOffers, type SubscriptionOffer } from './subscription-offers.ts';

export interface SubscribeCreator {
  id: number;
  name: string;
  subscribePrice: number;
  benefits: string[];
  bundles: Bundle[];
}

export interface SubscribeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  creator: SubscribeCreator;
}

/**
 * The subscribe dialog (spec 2): benefits, the monthly price and the bundles with their totals.
 * Paid from the wallet; when it cannot cover the price the server answers a checkout for the
 * difference, and the subscription is finished when the person comes back (PurchaseResumer).
 */
export function SubscribeDialog({ open, onOpenChange, creator }: SubscribeDialogProps) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const name = useId();
  const offers = subscriptionOffers(creator.subscribePrice, creator.bundles);
  const [period, setPeriod] = useState<SubscriptionOffer['period']>(1);
  const subscribe = useSubscribe();
  const chosen = offers.find((offer) => offer.period === period) ?? offers[0]!;

  function handleSubscribe() {
    subscribe.mutate(
      { userId: creator.id, period: chosen.period },
      {
        onSuccess: (answer) => {
          if ('redirectUrl' in answer) {
            const intent = {
              kind: 'subscribe',
              userId: creator.id,
              period: chosen.period,
            } as const;
            rememberPendingPurchase(createMarker(intent));
            window.location.assign(answer.redirectUrl);
            return;
          }
          notify.success(t('money.subscribe.done', { name: creator.name }));
          onOpenChange(false);
        },
      },
    );
  }

  const insufficient = isApiError(subscribe.error, 'insufficient_funds');
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('money.subscribe.title', { name: creator.name })}
        showClose
      >
        {creator.benefits.length > 0 && (
          <section aria-label={t('money.subscribe.benefits')}>
            <h3 className="mb-1 text-sm font-medium text-neutral-900">
              {t('money.subscribe.benefits')}
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm text-neutral-800">
              {creator.benefits.map((benefit, index) => (
                <li key={`${index}-${benefit}`}>{benefit}</li>
              ))}
            </ul>
          </section>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-neutral-900">
            {t('money.subscribe.choose')}
          </legend>
          {offers.map((offer) => (
            <label
              key={offer.period}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                offer.period === chosen.period
                  ? 'border-accent bg-accent/10'
                  : 'border-neutral-300',
              )}
            >
              <input
                type="radio"
                name={name}
                className="size-5 accent-accent"
                checked={offer.period === chosen.period}
                onChange={() => setPeriod(offer.period)}
              />
              <span className="flex-1">
                {offer.period === 1
                  ? t('money.subscribe.monthly')
                  : t('money.subscribe.bundle', { count: offer.period })}
                {offer.discount > 0 && (
                  <span className="ml-2 text-sm text-accent-strong">
                    {t('money.subscribe.discount', { discount: offer.discount })}
                  </span>
                )}
              </span>
              <span className="font-semibold tabular-nums">{formatMoney(offer.total)}</span>
            </label>
          ))}
        </fieldset>
        {subscribe.isError && !insufficient && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(t, subscribe.error)}
          </p>
        )}
        <Button onClick={handleSubscribe} disabled={subscribe.isPending}>
          {t('money.subscribe.pay', { total: formatMoney(chosen.total) })}
        </Button>
      </Dialog>
      {insufficient && (
        <InsufficientFundsDialog
          open
          onOpenChange={() => subscribe.reset()}
          missing={chosen.total}
          resume={createMarker({ kind: 'subscribe', userId: creator.id, period: chosen.period })}
        />
      )}
    </>
  );
}

import type { PublicProfile } from '@glimpse/contract';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { SubscribeDialog, useCancelSubscription, useSubscription } from '../money/index.ts';

const ConfirmDialog = lazyDialog(() =>
  import('../../ui/ConfirmDialog.tsx').then((m) => m.ConfirmDialog),
);

/** Subscribe, or "subscribed until" with cancel renewal, for a creator who offers it. */
export function SubscriptionControl({ profile }: { profile: PublicProfile }) {
  const { t, i18n } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const [dialog, setDialog] = useState<'subscribe' | 'cancel' | null>(null);
  const offered = profile.subscribePrice !== null && profile.subscribePrice > 0;
  const subscription = useSubscription(profile.id, offered);
  const cancel = useCancelSubscription();
  if (!offered || profile.subscribePrice === null) return null;

  const state = subscription.data;
  const until =
    state?.subscribed && state.expires_at
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
          new Date(state.expires_at),
        )
      : null;

  if (until) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-neutral-700">
          {t(state?.renews ? 'money.subscribe.until' : 'money.subscribe.endsOn', { date: until })}
        </p>
        {state?.renews && (
          <Button variant="ghost" onClick={() => setDialog('cancel')} disabled={cancel.isPending}>
            {t('money.subscribe.cancelRenewal')}
          </Button>
        )}
        <ConfirmDialog
          open={dialog === 'cancel'}
          onOpenChange={(open) => !open && setDialog(null)}
          message={t('money.subscribe.cancelConfirm', { date: until })}
          onConfirm={() =>
            cancel.mutate(profile.id, {
              onSuccess: () => notify.success(t('money.subscribe.cancelled')),
              onError: notifyError,
            })
          }
        />
      </div>
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        disabled={subscription.isPending}
        onClick={() => setDialog('subscribe')}
      >
        <Crown aria-hidden="true" size={18} />
        {t('money.subscribe.open')}
      </Button>
      <SubscribeDialog
        open={dialog === 'subscribe'}
        onOpenChange={(open) => !open && setDialog(null)}
        creator={{
          id: profile.id,
          name: profile.name,
          subscribePrice: profile.subscribePrice,
          benefits: profile.subscriptionBenefits.benefits_list,
          bundles: profile.subscriptionBenefits.bundles,
        }}
      />
    </>
  );
}

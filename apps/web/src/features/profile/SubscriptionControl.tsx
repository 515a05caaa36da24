import type { PublicProfile } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarX2, Crown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { homeKeys } from '../home/index.ts';
import { SubscribeDialog, useCancelSubscription, useSubscription } from '../money/index.ts';
import { profileKeys } from './profile.queries.ts';

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
  useProfileFollowsSubscription(profile.slug, subscription.data?.subscribed);
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
        <p className="inline-flex min-h-11 items-center gap-1.5 rounded-xl bg-neutral-100 px-3 text-sm font-medium text-neutral-800">
          <Crown aria-hidden="true" size={16} className="text-accent-strong" />
          {t(state?.renews ? 'money.subscribe.until' : 'money.subscribe.endsOn', { date: until })}
        </p>
        {state?.renews && (
          <Button
            variant="secondary"
            onClick={() => setDialog('cancel')}
            disabled={cancel.isPending}
          >
            <CalendarX2 aria-hidden="true" size={18} />
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

/**
 * Subscribing (here, or finished after a top-up) changes what the profile shows: its subscriber
 * count and, since subscribers may read the creator's channel, its Channel button. When the
 * subscription state flips, the profile and the home lists (Subscribed) are fetched again at once.
 */
function useProfileFollowsSubscription(slug: string, subscribed: boolean | undefined) {
  const queryClient = useQueryClient();
  const last = useRef(subscribed);
  useEffect(() => {
    const before = last.current;
    last.current = subscribed;
    if (before === undefined || subscribed === undefined || before === subscribed) return;
    void queryClient.invalidateQueries({ queryKey: profileKeys.bySlug(slug) });
    void queryClient.invalidateQueries({ queryKey: homeKeys.all });
  }, [queryClient, slug, subscribed]);
}

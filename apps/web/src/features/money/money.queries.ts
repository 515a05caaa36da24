import type { ChannelTipBody, SubscribeBody, TipBody, TopUpBody } from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { notify } from '../../ui/snackbar.ts';
import { authKeys } from '../auth/index.ts';
import { useIdempotentMutation } from './idempotency.ts';
import { subscriptionKeys } from './subscription-keys.ts';

export const walletKeys = {
  all: ['wallet'] as const,
  wallet: () => [...walletKeys.all, 'summary'] as const,
  payouts: () => [...walletKeys.all, 'payouts'] as const,
  tipRequests: () => [...walletKeys.all, 'tip-requests'] as const,
  history: () => [...walletKeys.all, 'history'] as const,
  earnings: () => [...walletKeys.all, 'earnings'] as const,
};

export { subscriptionKeys };

/** Balance, earnings by stage and recent transactions of the signed-in user. */
export function useWallet() {
  return useQuery({ queryKey: walletKeys.wallet(), queryFn: () => call('wallet') });
}

/** After money moved: the wallet and the balance the current user carries are both stale. */
export function useRefreshBalances() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.me }),
    ]);
}

/** Starts a checkout; the caller sends the browser to the answer's redirectUrl. */
export function useTopUp() {
  return useIdempotentMutation((body: TopUpBody, idempotencyKey: string) =>
    call('topUp', { body }, { idempotencyKey }),
  );
}

export function useUnlockStory() {
  const refresh = useRefreshBalances();
  return useIdempotentMutation(
    (storyId: number, idempotencyKey: string) =>
      call('unlockStory', { params: { id: storyId } }, { idempotencyKey }),
    { onSuccess: (answer) => (answer.status ? refresh() : undefined) },
  );
}

export function useSendTip() {
  const refresh = useRefreshBalances();
  return useIdempotentMutation(
    (body: TipBody, idempotencyKey: string) => call('sendTip', { body }, { idempotencyKey }),
    { onSuccess: () => refresh() },
  );
}

/** A tip to a channel's owner, shown in the channel (POST /api/tips/channel). */
export function useSendChannelTip() {
  const refresh = useRefreshBalances();
  return useIdempotentMutation(
    (body: ChannelTipBody, idempotencyKey: string) =>
      call('sendChannelTip', { body }, { idempotencyKey }),
    { onSuccess: () => refresh() },
  );
}

export function useSubscription(userId: number, enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.of(userId),
    queryFn: () => call('subscription', { params: { id: userId } }),
    enabled,
  });
}

export interface SubscribeVariables extends SubscribeBody {
  userId: number;
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  const refresh = useRefreshBalances();
  return useIdempotentMutation(
    ({ userId, ...body }: SubscribeVariables, idempotencyKey: string) =>
      call('subscribe', { params: { id: userId }, body }, { idempotencyKey }),
    {
      onSuccess: (answer, { userId }) => {
        if (!('success' in answer)) return;
        return Promise.all([
          refresh(),
          queryClient.invalidateQueries({ queryKey: subscriptionKeys.of(userId) }),
        ]);
      },
    },
  );
}

/** Stops renewal; the paid time stays (the answer says until when). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call('cancelSubscription', { params: { id: userId } }),
    onSuccess: (state, userId) => queryClient.setQueryData(subscriptionKeys.of(userId), state),
  });
}

/**
 * POST /api/users/{id}/buy-direct-message: `{ success }`, or `{ redirectUrl }` to top up first.
 * A purchase from the wallet is confirmed with a snackbar naming the creator and what was paid
 * (their direct-message price, from GET /api/users/{id}).
 */
export function useBuyDirectMessage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = useRefreshBalances();

  async function confirm(userId: number) {
    try {
      const seller = await queryClient.fetchQuery({
        queryKey: ['money', 'seller', userId],
        queryFn: () => call('companion', { params: { id: userId } }),
      });
      const price = seller.directMessagePrice;
      notify.success(
        price === null
          ? t('money.resume.directMessageBought')
          : t('money.directMessage.bought', { amount: formatMoney(price), name: seller.name }),
      );
    } catch {
      notify.success(t('money.resume.directMessageBought'));
    }
  }

  return useIdempotentMutation(
    (userId: number, idempotencyKey: string) =>
      call('buyDirectMessage', { params: { id: userId } }, { idempotencyKey }),
    {
      onSuccess: (answer, userId) => {
        if (!('success' in answer)) return;
        void confirm(userId);
        return refresh();
      },
    },
  );
}

import type { PayoutMethodAnswer, SetPayoutMethodBody } from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { walletKeys } from '../money/index.ts';

/** Under the wallet's keys: refreshing the wallet after a payout refreshes this too. */
export const payoutMethodKey = [...walletKeys.all, 'payout-method'] as const;

/** Where the creator's payouts go (null until set), and what this server's provider takes. */
export function usePayoutMethod(enabled = true) {
  return useQuery({
    queryKey: payoutMethodKey,
    queryFn: ({ signal }) => call('payoutMethod', {}, { signal }),
    enabled,
  });
}

/** Saves a bank account; the answer (masked) becomes the shown method. */
export function useSetPayoutMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPayoutMethodBody) => call('setPayoutMethod', { body }),
    onSuccess: (method) =>
      queryClient.setQueryData<PayoutMethodAnswer>(payoutMethodKey, (old) => ({
        accepts: old?.accepts ?? method.kind,
        method,
      })),
  });
}

/** Stripe's onboarding page for the creator's Connect account (made on the first call). */
export function usePayoutConnectLink() {
  return useMutation({ mutationFn: () => call('payoutConnectLink') });
}

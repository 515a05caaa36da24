import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../lib/api.ts';
import { useIdempotentMutation, useRefreshBalances, walletKeys } from '../money/index.ts';

/** Every movement of the wallet and earnings, newest first, a page at a time. */
export function useWalletHistory() {
  return useInfiniteQuery({
    queryKey: walletKeys.history(),
    queryFn: ({ pageParam, signal }) =>
      call('walletHistory', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** Where a creator's earnings came from (by purchase kind, with fees) and where they are now. */
export function useEarnings(enabled: boolean) {
  return useQuery({ queryKey: walletKeys.earnings(), queryFn: () => call('earnings'), enabled });
}

export function usePayouts(enabled: boolean) {
  return useQuery({ queryKey: walletKeys.payouts(), queryFn: () => call('payouts'), enabled });
}

/** Asks for the whole withdrawable balance (the server's default without an amount). */
export function useRequestPayout() {
  const refresh = useRefreshBalances();
  return useIdempotentMutation(
    (_intent: 'all', idempotencyKey: string) =>
      call('requestPayout', { body: {} }, { idempotencyKey }),
    { onSuccess: () => refresh() },
  );
}

export function useTipRequests() {
  return useQuery({ queryKey: walletKeys.tipRequests(), queryFn: () => call('tipRequests') });
}

export function usePayTipRequest() {
  const queryClient = useQueryClient();
  const refresh = useRefreshBalances();
  return useIdempotentMutation(
    (id: number, idempotencyKey: string) =>
      call('payTipRequest', { params: { id } }, { idempotencyKey }),
    {
      onSuccess: () => refresh(),
      // Paid or declined elsewhere (another tab, the requester withdrew it): the list is stale.
      onError: (error) =>
        isApiError(error, 'tip_request_not_found')
          ? queryClient.invalidateQueries({ queryKey: walletKeys.tipRequests() })
          : undefined,
    },
  );
}

export function useDeclineTipRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('declineTipRequest', { params: { id } }),
    // Also after a failure: tip_request_not_found means the list shows one that is gone.
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.tipRequests() }),
  });
}

import { call, isApiError } from '../../lib/api.ts';
import { useIdempotentMutation, useRefreshBalances } from '../money/index.ts';

/** POST /api/users/{id}/buy-direct-message: `{ success }`, or `{ redirectUrl }` to top up first. */
export function useBuyDirectMessage() {
  const refresh = useRefreshBalances();
  return useIdempotentMutation(
    (userId: number, idempotencyKey: string) =>
      call('buyDirectMessage', { params: { id: userId } }, { idempotencyKey }),
    { onSuccess: (answer) => ('success' in answer ? refresh() : undefined) },
  );
}

/** Pays a tip request from its message in the chat (POST /api/tips/requests/{id}/pay). */
export function usePayTipRequest() {
  const refresh = useRefreshBalances();
  return useIdempotentMutation(
    (requestId: number, idempotencyKey: string) =>
      call('payTipRequest', { params: { id: requestId } }, { idempotencyKey }),
    { onSuccess: () => refresh() },
  );
}

export function isInsufficientFunds(error: unknown): boolean {
  return isApiError(error, 'insufficient_funds');
}

import { call, isApiError } from '../../lib/api.ts';
import { useIdempotentMutation, useRefreshBalances } from '../money/index.ts';

/** Buying direct messages, confirmed with a snackbar, lives with the other purchases. */
export { useBuyDirectMessage } from '../money/index.ts';

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

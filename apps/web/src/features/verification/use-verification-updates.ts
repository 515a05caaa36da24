import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { refreshVerification } from './verification.queries.ts';

/** `verification.updated` (a check finished, maybe in another tab): refetch the current user. */
export function useVerificationUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('verification.updated', () => void refreshVerification(queryClient));
}

import type { CurrentUser } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { authKeys } from '../auth/index.ts';
import { walletKeys } from './money.queries.ts';

/**
 * Money that moved outside this tab (a top-up's webhook, a tip received, a renewal): the
 * balance the header shows follows at once, and the wallet reloads when it is next looked at.
 */
export function useBalanceLive(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('wallet.updated', ({ balance }) => {
    queryClient.setQueryData<CurrentUser | null>(authKeys.me, (user) =>
      user ? { ...user, balance } : user,
    );
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  });
  useRealtimeEvent('tip.requested', () => {
    void queryClient.invalidateQueries({ queryKey: walletKeys.tipRequests() });
  });
}

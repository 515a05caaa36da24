import type { BlockedUser } from '@glimpse/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../lib/api.ts';
import { sharedQueryRoots } from '../../lib/query-policy.ts';

export const blockingKeys = {
  blocked: ['blocked-users'] as const,
};

/**
 * Cache roots showing a person or a conversation with them, refreshed after a block or unblock:
 * profiles (a shared root) and the chat screen's lists and conversations, whose roots are
 * matched by name because messaging owns them (docs/decisions.md, "Messaging: voice and camera"),
 * and search results, which leave out block partners both ways.
 */
const PERSON_ROOTS = new Set<unknown>([
  sharedQueryRoots.profiles[0],
  'companion',
  'companions',
  'chats',
  'chat',
  'channels',
  'channel',
  'messages',
  'search',
  blockingKeys.blocked[0],
]);

function refreshAfterBlockChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => PERSON_ROOTS.has(query.queryKey[0]),
  });
}

/** GET /api/users/me/blocked: the people the signed-in user blocked, newest first. */
export function useBlockedUsers() {
  return useQuery({ queryKey: blockingKeys.blocked, queryFn: () => call('blockedUsers') });
}

/**
 * Block (true) or unblock (false) one user; `change` answers the new state or throws the API
 * error. A plain call rather than a react-query mutation: that keeps useMutation out of this
 * chunk, which would otherwise split it off the first page's auth chunk (docs/decisions.md).
 */
export function useBlockChange() {
  const queryClient = useQueryClient();
  const [pendingId, setPendingId] = useState<number | null>(null);

  async function change(userId: number, block: boolean): Promise<boolean> {
    setPendingId(userId);
    try {
      const { blocked } = block
        ? await call('blockUser', { params: { id: userId } })
        : await call('unblockUser', { params: { id: userId } });
      // The list drops an unblocked person at once instead of waiting for the refetch.
      if (!blocked) {
        queryClient.setQueryData<BlockedUser[]>(blockingKeys.blocked, (list) =>
          list?.filter((user) => user.id !== userId),
        );
      }
      void refreshAfterBlockChange(queryClient);
      return blocked;
    } finally {
      setPendingId(null);
    }
  }

  return { change, pendingId };
}

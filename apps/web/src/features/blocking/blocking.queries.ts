import type { BlockedUser } from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { sharedQueryRoots } from '../../lib/query-policy.ts';

export const blockingKeys = {
  blocked: ['blocked-users'] as const,
};

/**
 * Cache roots showing a person or a conversation with them, refreshed after a block or unblock:
 * profiles (a shared root) and the chat screen's lists and conversations, whose roots are
 * matched by name because messaging owns them (docs/decisions.md, "Messaging: voice and camera").
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

/** Block (true) or unblock (false) one user; answers the new state. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, block }: { userId: number; block: boolean }) => {
      const answer = block
        ? await call('blockUser', { params: { id: userId } })
        : await call('unblockUser', { params: { id: userId } });
      return answer.blocked;
    },
    onSuccess: (blocked, { userId }) => {
      // The list drops an unblocked person at once instead of waiting for the refetch.
      if (!blocked) {
        queryClient.setQueryData<BlockedUser[]>(blockingKeys.blocked, (list) =>
          list?.filter((user) => user.id !== userId),
        );
      }
      return refreshAfterBlockChange(queryClient);
    },
  });
}

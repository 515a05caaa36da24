import type { Stream } from '@glimpse/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../lib/api.ts';
import { useIdempotentMutation, useRefreshBalances } from '../money/index.ts';

export const liveKeys = {
  all: ['live'] as const,
  userStream: (userId: number) => [...liveKeys.all, 'user', userId] as const,
};

/**
 * The user's stream that is live now (or starting): GET /api/users/{id}/stream. Never served
 * from an earlier visit: its playback URL is short-lived and its state changes by the second.
 */
export function useUserStream(userId: number) {
  return useQuery({
    queryKey: liveKeys.userStream(userId),
    queryFn: ({ signal }) => call('userStream', { params: { id: userId } }, { signal }),
    staleTime: 0,
    gcTime: 0,
    // Created but no video yet: ask again until it plays (stream.started also refetches).
    refetchInterval: (query) => (waitingForVideo(query.state.data) ? STARTING_POLL_MS : false),
  });
}

const STARTING_POLL_MS = 3_000;

function waitingForVideo(stream: Stream | undefined): boolean {
  if (!stream || stream.status === 'ended') return false;
  return stream.status === 'starting' || (stream.isAvailable && !stream.playback_url);
}

/**
 * GET /api/streams/{id} for a fresh signed playback URL (the old one expired): the answer
 * replaces the cached stream, so a viewer whose access ended meanwhile sees that instead.
 * Resolves with the new URL, or null when there is nothing to play any more.
 */
export function useRefreshPlayback(userId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (streamId: number): Promise<string | null> => {
      try {
        const stream = await call('stream', { params: { id: streamId } });
        queryClient.setQueryData<Stream>(liveKeys.userStream(userId), stream);
        return stream.playback_url;
      } catch {
        // Gone (stream_not_found) or unreachable: the screen asks its question again.
        await queryClient.invalidateQueries({ queryKey: liveKeys.userStream(userId) });
        return null;
      }
    },
    [queryClient, userId],
  );
}

/** Pays a priced stream's entry (POST /api/streams/{id}/enter), once per intent. */
export function useEnterStream(userId: number) {
  const queryClient = useQueryClient();
  const refreshBalances = useRefreshBalances();
  return useIdempotentMutation(
    (streamId: number, idempotencyKey: string) =>
      call('enterStream', { params: { id: streamId } }, { idempotencyKey }),
    {
      onSuccess: (answer) => {
        if (!answer.status) return;
        return Promise.all([
          refreshBalances(),
          queryClient.invalidateQueries({ queryKey: liveKeys.userStream(userId) }),
        ]);
      },
    },
  );
}

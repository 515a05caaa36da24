import type { CreateStreamBody } from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';

export const goLiveKeys = {
  streamKey: ['go-live', 'stream-key'] as const,
  ownStream: ['go-live', 'own-stream'] as const,
};

/**
 * The creator's stream that has not ended (GET /api/users/me/stream), or null: after a reload
 * the screen resumes it. Asked afresh on every visit and never kept: a cached answer may be a
 * stream that has ended since.
 */
export function useOwnOpenStream() {
  return useQuery({
    queryKey: goLiveKeys.ownStream,
    queryFn: async ({ signal }) => (await call('ownStream', undefined, { signal })).stream,
    staleTime: staleTimes.always,
    gcTime: 0,
  });
}

/** The creator's RTMP settings for OBS (GET /api/streams/key). */
export function useStreamKey() {
  return useQuery({
    queryKey: goLiveKeys.streamKey,
    queryFn: ({ signal }) => call('streamKey', undefined, { signal }),
    staleTime: Infinity,
  });
}

/** A new key; the old one stops working at once (POST /api/streams/key/rotate). */
export function useRotateStreamKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('rotateStreamKey'),
    onSuccess: (key) => queryClient.setQueryData(goLiveKeys.streamKey, key),
  });
}

export function useCreateStream() {
  return useMutation({ mutationFn: (body: CreateStreamBody) => call('createStream', { body }) });
}

export function useEndStream() {
  return useMutation({
    mutationFn: (streamId: number) => call('endStream', { params: { id: streamId } }),
  });
}

/**
 * stream_already_live: ends the creator's stream that has not ended (another tab, a crash)
 * by looking it up first (GET /api/users/{me}/stream, then DELETE). Already gone is fine.
 */
export function useEndOldStream(meId: number) {
  return useMutation({
    mutationFn: async () => {
      try {
        const old = await call('userStream', { params: { id: meId } });
        await call('endStream', { params: { id: old.id } });
      } catch (error) {
        if (!isApiError(error, 'stream_not_found')) throw error;
      }
    },
  });
}

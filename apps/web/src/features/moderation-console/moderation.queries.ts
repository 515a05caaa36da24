import type {
  ModerationActionBody,
  ModerationQueue,
  ReportKind,
  ReportReason,
} from '@glimpse/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export interface QueueFilters {
  kind?: ReportKind | undefined;
  reason?: ReportReason | undefined;
}

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: (filters: QueueFilters) => ['moderation', 'queue', filters] as const,
  audit: (q: string) => ['moderation', 'audit', q] as const,
  userSearch: (q: string) => ['moderation', 'users', q] as const,
  user: (id: number) => ['moderation', 'user', id] as const,
  streams: ['moderation', 'streams'] as const,
};

/** The open items, urgent first then oldest first, a page per cursor. */
export function useModerationQueue(filters: QueueFilters) {
  return useInfiniteQuery({
    queryKey: moderationKeys.queue(filters),
    queryFn: ({ pageParam, signal }) =>
      call(
        'moderationQueue',
        { query: { kind: filters.kind, reason: filters.reason, cursor: pageParam } },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ModerationQueue) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * One decision with its note. A decision closes the item's reports: it leaves every cached page
 * of the queue at once, and the lists are read again for the counts.
 */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => call('moderationAction', { body }),
    onSuccess: (_answer, body) => {
      if (body.kind !== 'user' || ['dismiss', 'take_down'].includes(body.action)) {
        queryClient.setQueriesData<InfiniteData<ModerationQueue>>(
          { queryKey: ['moderation', 'queue'] },
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter(
                  (item) => !(item.kind === body.kind && item.target_id === body.target_id),
                ),
              })),
            },
        );
      }
      void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
  });
}

/** The audit log, newest first; `q` searches notes, actions and names. */
export function useAuditLog(q: string) {
  return useInfiniteQuery({
    queryKey: moderationKeys.audit(q),
    queryFn: ({ pageParam, signal }) =>
      call('moderationAuditLog', { query: { q: q || undefined, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: { next_cursor: string | null }) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useUserSearch(q: string) {
  return useQuery({
    queryKey: moderationKeys.userSearch(q),
    queryFn: ({ signal }) => call('moderationUserSearch', { query: { q } }, { signal }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

export function useModerationUser(id: number | null) {
  return useQuery({
    queryKey: moderationKeys.user(id ?? 0),
    queryFn: ({ signal }) => call('moderationUser', { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

export function useModerationStreams() {
  return useQuery({
    queryKey: moderationKeys.streams,
    queryFn: ({ signal }) => call('moderationStreams', undefined, { signal }),
    // Streams start and end all the time: read again every half minute while the tab is open.
    refetchInterval: 30_000,
  });
}

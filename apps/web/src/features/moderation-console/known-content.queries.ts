import type { ReviewItem } from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const knownContentKeys = {
  review: ['moderation', 'review'] as const,
  blocklist: ['moderation', 'blocklist'] as const,
};

/** Stories held for review, oldest first. */
export function useReviewList() {
  return useQuery({
    queryKey: knownContentKeys.review,
    queryFn: ({ signal }) => call('reviewList', undefined, { signal }),
  });
}

/** Publishes or takes down a held story; it leaves the list at once. */
export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      storyId,
      decision,
      note,
    }: {
      storyId: number;
      decision: 'publish' | 'take_down';
      /** Kept in the decision's audit line. */
      note?: string;
    }) => call('reviewDecide', { params: { id: storyId }, body: { decision, note } }),
    onSuccess: (_answer, { storyId }) => {
      queryClient.setQueryData<{ items: ReviewItem[] }>(
        knownContentKeys.review,
        (data) => data && { items: data.items.filter((item) => item.story_id !== storyId) },
      );
      void queryClient.invalidateQueries({ queryKey: knownContentKeys.review });
    },
  });
}

export function useBlocklist() {
  return useQuery({
    queryKey: knownContentKeys.blocklist,
    queryFn: ({ signal }) => call('blocklist', undefined, { signal }),
  });
}

/** Hashes an uploaded picture or video onto the blocklist (the file itself is not kept). */
export function useBlocklistFromFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, label }: { file: File; label: string }) => {
      const form = new FormData();
      // The label goes first: the server reads the fields before the file's stream.
      form.append('label', label);
      form.append('file', file);
      return call('blocklistFromFile', { body: form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: knownContentKeys.blocklist }),
  });
}

export function useBlocklistRemove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('blocklistRemove', { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<{ entries: { id: number }[] }>(
        knownContentKeys.blocklist,
        (data) => data && { ...data, entries: data.entries.filter((entry) => entry.id !== id) },
      );
      void queryClient.invalidateQueries({ queryKey: knownContentKeys.blocklist });
    },
  });
}

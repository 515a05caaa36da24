import type { HomeItem } from '@glimpse/contract';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { homeKeys } from '../home/index.ts';

type HomeList = HomeItem[] | InfiniteData<HomeItem[]>;

/**
 * The Streams tab's lists: home-streams.queries.ts's `homeStreamKeys.all`, spelled out here
 * because that module is the lazy tab's (its import would put it in the first page load). The
 * watcher's test reads the lists under the real keys, so the two cannot drift apart unnoticed.
 */
const streamListsKey = [...homeKeys.all, 'streams'] as const;

/** Applies `edit` to cached home lists, plain (Subscribed, Following) or paged (Discover). */
function editHomeLists(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  edit: (items: HomeItem[]) => HomeItem[],
) {
  queryClient.setQueriesData<HomeList>({ queryKey }, (data) => {
    if (!data) return data;
    if (Array.isArray(data)) return edit(data);
    return { ...data, pages: data.pages.map(edit) };
  });
}

/** A taken-down stream: no list shows it live any more (the Streams tab drops its creator). */
function dropStreamFromHome(queryClient: QueryClient, streamId: number): void {
  // The Streams lists hold creators for their stream; the stories lists keep them, not live.
  editHomeLists(queryClient, streamListsKey, (items) =>
    items.filter((item) => item.stream?.id !== streamId),
  );
  editHomeLists(queryClient, homeKeys.all, (items) =>
    items.map((item) => (item.stream?.id === streamId ? { ...item, stream: null } : item)),
  );
}

/**
 * Home's side of `content.removed`. A stream leaves the lists at once. A story's creator is
 * not in the event, and the lists hold creators with a story count, not stories: they are read
 * again, so the count and the "not watched" ring follow the server.
 */
export function useHomeRemovals(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('content.removed', (event) => {
    if (event.kind === 'stream') dropStreamFromHome(queryClient, event.id);
    else if (event.kind === 'story') void queryClient.invalidateQueries({ queryKey: homeKeys.all });
  });
}

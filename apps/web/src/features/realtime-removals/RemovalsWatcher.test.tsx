import type { HomeItem, StoryGroup } from '@glimpse/contract';
import { QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-realtime.ts';
import { homeKeys } from '../home/home.queries.ts';
import { homeStreamKeys } from '../home/home-streams.queries.ts';
import { makeGroup, makeStory } from '../story-viewer/test/story-fixtures.ts';
import { storyViewerKeys } from '../story-viewer/story-viewer.queries.ts';
import { testQueryClient } from '../../test/render.tsx';
import { RemovalsWatcher } from './RemovalsWatcher.tsx';

// The socket is the boundary: the test plays the server sending `content.removed`.
beforeEach(() => fakeServer.reset());

const query = { age_min: 18, age_max: 99 };

function creator(id: number, overrides: Partial<HomeItem> = {}): HomeItem {
  return {
    id,
    slug: `c${id}`,
    name: `Creator ${id}`,
    image: null,
    has_stories: 2,
    hasNotWatchedStories: true,
    order: id,
    isVerify: false,
    subscribed: false,
    stream: null,
    ...overrides,
  };
}

const live = (id: number, streamId: number) =>
  creator(id, { stream: { id: streamId, title: `Live ${streamId}`, viewer_count: 3 } });

/** The caches an open app may hold: two profiles' story groups, home's lists and Streams lists. */
async function renderWatcher() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(
    storyViewerKeys.group(1),
    makeGroup({ stories: [makeStory({ id: 11 }), makeStory({ id: 12 })] }),
  );
  queryClient.setQueryData(
    storyViewerKeys.group(2),
    makeGroup({ creator_id: 2, stories: [makeStory({ id: 21, user_id: 2 })] }),
  );
  queryClient.setQueryData(homeKeys.section('following', query), [live(1, 500), creator(2)]);
  queryClient.setQueryData<InfiniteData<HomeItem[], number>>(homeKeys.discover(query, 20), {
    pages: [[creator(3)], [live(4, 501)]],
    pageParams: [1, 2],
  });
  queryClient.setQueryData(homeStreamKeys.section('following', query), [
    live(1, 500),
    live(5, 502),
  ]);
  queryClient.setQueryData<InfiniteData<HomeItem[], number>>(homeStreamKeys.discover(query, 20), {
    pages: [[live(1, 500)], [live(4, 501)]],
    pageParams: [1, 2],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RemovalsWatcher />
    </QueryClientProvider>,
  );
  await fakeServer.whenListening('content.removed');
  return queryClient;
}

const storyIds = (queryClient: ReturnType<typeof testQueryClient>, userId: number) =>
  queryClient
    .getQueryData<StoryGroup>(storyViewerKeys.group(userId))
    ?.stories.map((story) => story.id);

describe('RemovalsWatcher', () => {
  it("drops a removed story from every cached story group and reloads home's lists", async () => {
    const queryClient = await renderWatcher();
    fakeServer.emit('content.removed', { kind: 'story', id: 12 });
    expect(storyIds(queryClient, 1)).toEqual([11]);
    expect(storyIds(queryClient, 2)).toEqual([21]);
    // Home counts stories per creator; the event does not say whose: the lists are read again.
    expect(queryClient.getQueryState(homeKeys.section('following', query))?.isInvalidated).toBe(
      true,
    );
    expect(queryClient.getQueryState(homeKeys.discover(query, 20))?.isInvalidated).toBe(true);
  });

  it('takes a removed stream out of the Streams lists and off the creators in the others', async () => {
    const queryClient = await renderWatcher();
    fakeServer.emit('content.removed', { kind: 'stream', id: 500 });
    const ids = (items: HomeItem[] | undefined) => items?.map((item) => item.id);
    expect(ids(queryClient.getQueryData(homeStreamKeys.section('following', query)))).toEqual([5]);
    const streamPages = queryClient.getQueryData<InfiniteData<HomeItem[]>>(
      homeStreamKeys.discover(query, 20),
    );
    expect(streamPages?.pages.map(ids)).toEqual([[], [4]]);
    const following = queryClient.getQueryData<HomeItem[]>(homeKeys.section('following', query));
    expect(following?.map((item) => [item.id, item.stream?.id ?? null])).toEqual([
      [1, null],
      [2, null],
    ]);
    const discover = queryClient.getQueryData<InfiniteData<HomeItem[]>>(
      homeKeys.discover(query, 20),
    );
    expect(discover?.pages[1]?.[0]?.stream?.id).toBe(501);
    // Nothing about stories changed.
    expect(storyIds(queryClient, 1)).toEqual([11, 12]);
  });

  it('leaves every cache alone for a removed message', async () => {
    const queryClient = await renderWatcher();
    const before = queryClient
      .getQueryCache()
      .getAll()
      .map((entry) => entry.state.data);
    fakeServer.emit('content.removed', { kind: 'message', id: 11, chat_id: 3 });
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((entry) => entry.state.data),
    ).toEqual(before);
  });
});

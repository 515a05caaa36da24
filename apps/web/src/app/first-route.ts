import type { HomeItem } from '@glimpse/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { authKeys, fetchMe } from '../features/auth/index.ts';
import { loadFilter } from '../features/filter/saved-filter.ts';
import { toHomeListQuery } from '../features/filter/filter-model.ts';
import { discoverLimit } from '../features/home/discover-limit.ts';
import { homeKeys } from '../features/home/home.queries.ts';
import { subscriptionKeys } from '../features/money/subscription-keys.ts';
import { profileKeys } from '../features/profile/profile.queries.ts';
import { readyStoryGroup } from '../features/story-viewer/prepare-stories.ts';
import { fetchStoryGroup, storyViewerKeys } from '../features/story-viewer/story-viewer.queries.ts';
import { call } from '../lib/api.ts';
import { paths } from '../routes.ts';
import { loadScreen, screenAt } from './screen-chunks.ts';

/**
 * How long the first render waits for home's lists after the user and the screen's code: a quick
 * server still gives one finished first render (no skeletons flashing by), a slow one gets the
 * screen with its skeletons at once, instead of the loading wordmark until it answers.
 */
export const HOME_LISTS_WAIT_MS = 300;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/*
 * What the first screen needs, asked for the moment the app's code runs instead of one thing
 * after another. Without this a phone waited for: the current user, then the screen's code
 * (the guard renders the screen only once the user is known), then the screen's data, then its
 * images: four round trips on a slow network before the first avatar. Now the user and the
 * screen's code load together, and the screen's data follows the user at once.
 *
 * Each prefetch uses the query key and request of the hook the screen calls (same keys, same
 * URL), so the screen finds the answer in the cache; first-route.test.tsx renders the real
 * screens after it and fails if a screen asks for anything a second time.
 */
export function preloadFirstRoute(queryClient: QueryClient, pathname: string): Promise<void> {
  // A failure is the guard's to show (it reads the same query); here it only means "not yet".
  const me = queryClient.fetchQuery({ queryKey: authKeys.me, queryFn: fetchMe }).catch(() => null);
  const screen = screenAt(pathname);
  const chunk = screen ? loadScreen(screen).catch(() => undefined) : undefined;
  // A signed-out visitor's page asks for nothing more: their requests would only answer 401.
  const whenSignedIn = (load: () => Promise<unknown>) => me.then((user) => user && load());

  let data: Promise<unknown> | undefined;
  if (screen === 'home') {
    // Home's lists get a moment once the user and the code are here, not the whole wait: a slow
    // server shows home's header, tabs and skeletons, not the loading wordmark.
    const briefly = Promise.all([me, chunk]).then(() => delay(HOME_LISTS_WAIT_MS));
    data = whenSignedIn(() => Promise.race([prefetchHome(queryClient), briefly]));
  }
  const profile = matchPath(paths.userProfile, pathname);
  if (screen === 'publicProfile' && profile?.params.slug) {
    const slug = profile.params.slug;
    data = whenSignedIn(() => prefetchPublicProfile(queryClient, slug));
  }
  // Settles (never fails) once the screen could render with all it asked for (home: with its
  // lists, or after HOME_LISTS_WAIT_MS without them).
  return Promise.all([me, chunk, data]).then(() => undefined);
}

/**
 * StoriesTab's lists: Subscribed, Following and Discover's first page, under the saved filter.
 * Then the first creator's stories are readied, since opening them is what home is for: their
 * group and its opening picture (prepare-stories.ts), so a tap shows the story at once. The
 * viewer's code follows when the page is idle (StoryViewerProvider), or on that tap: the picture
 * is on the screen while it loads.
 */
function prefetchHome(queryClient: QueryClient): Promise<unknown> {
  const filter = loadFilter();
  const query = toHomeListQuery(filter);
  const lists: Promise<unknown>[] = [];
  // Each list's creators once it is here, in screen order, for readying the first stories.
  const shown: (() => HomeItem[] | undefined)[] = [];
  for (const section of ['subscribed', 'following'] as const) {
    if (!filter.sections.includes(section)) continue;
    const queryKey = homeKeys.section(section, query);
    lists.push(
      queryClient.prefetchQuery({
        queryKey,
        queryFn: ({ signal }) => call('homeStories', { params: { section }, query }, { signal }),
      }),
    );
    shown.push(() => queryClient.getQueryData<HomeItem[]>(queryKey));
  }
  if (filter.sections.includes('discover')) {
    // DiscoverSection fixes its page size from the window height the same way.
    const limit = discoverLimit(window.innerHeight);
    const queryKey = homeKeys.discover(query, limit);
    lists.push(
      queryClient.prefetchInfiniteQuery({
        queryKey,
        queryFn: ({ pageParam, signal }) =>
          call(
            'homeStories',
            { params: { section: 'discover' }, query: { ...query, page: pageParam, limit } },
            { signal },
          ),
        initialPageParam: 1,
      }),
    );
    shown.push(() => queryClient.getQueryData<InfiniteData<HomeItem[]>>(queryKey)?.pages[0]);
  }
  const settled = Promise.all(lists);
  // Not part of what the screen waits for: it renders meanwhile.
  void settled.then(() => {
    const first = shown.map((list) => list()?.[0]).find((item) => item !== undefined);
    if (!first?.has_stories) return;
    void readyStoryGroup(queryClient, first.id);
  });
  return settled;
}

/**
 * The profile, then what the screen asks with its id: the creator's stories (the ring and the
 * grid) and, when they sell subscriptions, the viewer's subscription (the Subscribe button).
 */
function prefetchPublicProfile(queryClient: QueryClient, slug: string): Promise<unknown> {
  return queryClient
    .fetchQuery({
      queryKey: profileKeys.bySlug(slug),
      queryFn: () => call('profileBySlug', { params: { slug } }),
    })
    .then((profile) => {
      if (profile.isOwn) return;
      const sellsSubscriptions = profile.subscribePrice !== null && profile.subscribePrice > 0;
      return Promise.all([
        queryClient.prefetchQuery({
          queryKey: storyViewerKeys.group(profile.id),
          queryFn: () => fetchStoryGroup(profile.id),
        }),
        sellsSubscriptions &&
          queryClient.prefetchQuery({
            queryKey: subscriptionKeys.of(profile.id),
            queryFn: () => call('subscription', { params: { id: profile.id } }),
          }),
      ]);
    })
    .catch(() => undefined);
}

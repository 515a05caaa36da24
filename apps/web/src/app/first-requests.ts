import { endpointRoutes, type HomeItem, type StoryGroup } from '@glimpse/contract';
import { loadFilter } from '../features/filter/saved-filter.ts';
import { toHomeListQuery } from '../features/filter/filter-model.ts';
import { discoverLimit } from '../features/home/discover-limit.ts';
import { buildUrl, fillPath } from '../lib/api.ts';
import { registeringEarlyRequests, requestEarly } from '../lib/early-requests.ts';
import { preloadImage } from '../lib/preload-image.ts';
import { HOME_AVATAR_SIZES, STORY_TILE_SIZES } from '../ui/picture-sizes.ts';
import { readSignedInHint, rememberSignedIn } from '../lib/signed-in-hint.ts';

/*
 * The first screen's requests, started by the boot code (main.tsx) before React and the app's
 * code have downloaded: on a slow phone network that code takes seconds, and the user, the
 * lists and the profile arrive meanwhile. Plain fetch and no React here (this module is in the
 * first, tiny chunk). Each URL is the one the screen's hook asks for (app/first-route.ts asks
 * through `call`, which takes these responses: lib/early-requests.ts); first-requests.test.ts
 * checks they match.
 */

const PROFILE_PATH = /^\/u\/([^/]+)\/?$/i;

const url = (route: { path: string }, params?: Record<string, unknown>, query?: object) =>
  buildUrl(fillPath(route.path, params), query as Parameters<typeof buildUrl>[1]);

/** Reads a JSON answer without using up the body the app will read; null for a failed one. */
async function peek<T>(response: Promise<Response | undefined>): Promise<T | null> {
  try {
    const answer = await response;
    return answer?.ok ? ((await answer.clone().json()) as T) : null;
  } catch {
    return null;
  }
}

/** Starts the requests of the screen at `pathname`; the app finds them when it asks. */
export function startFirstRequests(pathname: string): void {
  const session = peek<{ user: unknown }>(requestEarly(url(endpointRoutes.session)));
  const answered = session.then((answer) => {
    if (answer) rememberSignedIn(Boolean(answer.user));
    return Boolean(answer?.user);
  });
  // A signed-out visitor's page asks for nothing more: their requests would only answer 401.
  // One signed in at the last visit asks at once, beside the session.
  const signedIn = readSignedInHint() ? Promise.resolve(true) : answered;

  if (pathname === '/') requestHomeLists(signedIn);
  const profile = PROFILE_PATH.exec(pathname);
  // The slug as first-route.ts reads it (react-router's matchPath on the raw path).
  const slug = profile?.[1]?.replace(/%2F/g, '/');
  registeringEarlyRequests(slug ? requestProfile(slug, signedIn) : signedIn);
}

/**
 * How many of the first pictures the boot code fetches ahead of the screen: the first row's
 * first few, which the screen paints first (its largest paint); the rest load as it renders.
 */
const FIRST_PICTURES = 3;

/** The lists app/first-route.ts prefetches for home, under the saved filter. */
function requestHomeLists(signedIn: Promise<boolean>): void {
  const filter = loadFilter();
  const query = toHomeListQuery(filter);
  const route = endpointRoutes.homeStories;
  const lists: Promise<HomeItem[] | null>[] = [];
  for (const section of ['subscribed', 'following'] as const) {
    if (filter.sections.includes(section)) {
      lists.push(peek(requestEarly(url(route, { section }, query), signedIn)));
    }
  }
  if (filter.sections.includes('discover')) {
    const limit = discoverLimit(window.innerHeight);
    const page = { ...query, page: 1, limit };
    lists.push(peek(requestEarly(url(route, { section: 'discover' }, page), signedIn)));
  }
  void preloadFirstAvatars(lists);
}

/** The photos of the first creators of the first list (in screen order) that has any. */
async function preloadFirstAvatars(lists: Promise<HomeItem[] | null>[]): Promise<void> {
  for (const list of lists) {
    const items = (await list) ?? [];
    if (items.length === 0) continue;
    for (const item of items.slice(0, FIRST_PICTURES)) {
      if (item.image) {
        preloadImage({ src: item.image, srcSet: item.avatar_srcset, sizes: HOME_AVATAR_SIZES });
      }
    }
    return;
  }
}

/** The first story tiles' pictures of a profile (a locked story's tile shows none). */
function preloadFirstTiles(group: StoryGroup | null): void {
  for (const story of group?.stories.slice(0, FIRST_PICTURES) ?? []) {
    const poster = story.overlay_image_src ?? story.overlay_src;
    if (story.isAvailable && poster) {
      preloadImage({ src: poster, srcSet: story.overlay_srcset, sizes: STORY_TILE_SIZES });
    }
  }
}

/**
 * The profile, then what app/first-route.ts asks with its id: the creator's stories and, when
 * they sell subscriptions, the viewer's subscription. Settles once those are asked for.
 */
async function requestProfile(slug: string, signedIn: Promise<boolean>): Promise<void> {
  const profile = await peek<{ id: number; isOwn: boolean; subscribePrice: number | null }>(
    requestEarly(url(endpointRoutes.profileBySlug, { slug }), signedIn),
  );
  if (!profile || profile.isOwn) return;
  void peek<StoryGroup>(requestEarly(url(endpointRoutes.storyGroup, { id: profile.id }))).then(
    preloadFirstTiles,
  );
  if (profile.subscribePrice !== null && profile.subscribePrice > 0) {
    requestEarly(url(endpointRoutes.subscription, { id: profile.id }));
  }
}

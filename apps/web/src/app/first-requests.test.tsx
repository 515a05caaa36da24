import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeHomeItem } from '../features/home/test/home-test-data.ts';
import { makeGroup, makeStory } from '../features/story-viewer/test/story-viewer.test-utils.tsx';
import { mockFetch, type RecordedCall } from '../test/fetch-mock.ts';
import { makePublicProfile, makeUser } from '../test/fixtures.ts';
import { readSignedInHint, rememberSignedIn } from '../lib/signed-in-hint.ts';
import { renderRoutes, testQueryClient } from '../test/render.tsx';
import { startFirstRequests } from './first-requests.ts';
import { preloadFirstRoute } from './first-route.ts';
import { routeTree } from './router.tsx';

/*
 * The boot code's requests (first-requests.ts) must be the very URLs the app then asks for:
 * the app takes them instead of asking again, so each URL is fetched exactly once. A URL that
 * differed in any way (a query parameter, its order) would show here as a second request.
 */

/** A picture fetched ahead as the browser is asked for it: a detached image's three attributes. */
interface PictureRequest {
  src: string;
  srcSet: string | null;
  sizes: string | null;
}

// The pictures fetched ahead are the images lib/preload-image.ts makes, recorded as it makes them.
let images: HTMLImageElement[] = [];
beforeEach(() => {
  images = [];
  vi.stubGlobal('Image', function RecordedImage() {
    const image = document.createElement('img');
    images.push(image);
    return image;
  });
});

const preloaded = (): PictureRequest[] =>
  images.map((image) => ({
    src: image.getAttribute('src') ?? '',
    srcSet: image.getAttribute('srcset'),
    sizes: image.getAttribute('sizes'),
  }));

/** The avatars fetched ahead (home also readies its first story's picture, not on the screen). */
const avatarsPreloaded = () => preloaded().filter((picture) => picture.src.includes('/avatar-'));

/** The rendered <img> of each picture fetched ahead: the same three attributes. */
function expectPreloadedAsRendered(pictures: PictureRequest[] = preloaded()) {
  expect(pictures.length).toBeGreaterThan(0);
  for (const picture of pictures) {
    const image = [...document.images].find((img) => img.getAttribute('src') === picture.src);
    expect(image, picture.src).toBeDefined();
    expect(image!.getAttribute('srcset')).toBe(picture.srcSet);
    expect(image!.getAttribute('sizes')).toBe(picture.sizes);
  }
}

const photo = (id: number) => ({
  image: `/media/avatar-${id}.jpg`,
  avatar_srcset: `/media/avatar-${id}-128.webp 128w, /media/avatar-${id}-256.webp 256w`,
});
const signedIn = { 'GET /api/auth/session': { body: { user: makeUser() } } };
const homeLists = {
  'GET /api/home/stories/subscribed': {
    body: [makeHomeItem(1, { name: 'Sub One', ...photo(1) }), makeHomeItem(4, photo(4))],
  },
  'GET /api/home/stories/following': { body: [makeHomeItem(2, { name: 'Fol Two' })] },
  'GET /api/home/stories/discover': { body: [makeHomeItem(3, { name: 'Dis Three' })] },
  'GET /api/users/1/stories': { body: makeGroup({ creator_id: 1 }) },
};

const urls = (calls: RecordedCall[]) => calls.map((call) => call.url).sort();
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const chunkLoad = { timeout: 20_000 };

describe('startFirstRequests', { timeout: 30_000 }, () => {
  it("asks for home's lists before the app, which then asks for nothing again", async () => {
    const { calls } = mockFetch({ ...signedIn, ...homeLists });
    startFirstRequests('/');
    // At once, as when the app's code is cached: it must wait for the lists, not race them.
    const queryClient = testQueryClient();
    await preloadFirstRoute(queryClient, '/');
    renderRoutes(routeTree, '/', queryClient);
    expect(await screen.findByRole('link', { name: 'Dis Three' }, chunkLoad)).toBeInTheDocument();
    await settle();
    // The shell's idle-time requests (the bell's count) are not the route's.
    const routeCalls = calls.filter((call) => !call.url.startsWith('/api/notifications'));
    expect(urls(routeCalls).map((url) => url.split('?')[0])).toEqual([
      '/api/auth/session',
      '/api/home/stories/discover',
      '/api/home/stories/following',
      '/api/home/stories/subscribed',
      '/api/users/1/stories',
    ]);
    // The next load may ask beside the session.
    expect(readSignedInHint()).toBe(true);
    // The first list's first photos were on their way before the screen drew them.
    expect(avatarsPreloaded().map((picture) => picture.src)).toEqual([
      '/media/avatar-1.jpg',
      '/media/avatar-4.jpg',
    ]);
    expectPreloadedAsRendered(avatarsPreloaded());
    // Then the picture the first creator's stories open on (makeStory's), for the first tap.
    expect(preloaded().map((picture) => picture.src)).toContain('/media/11.webp');
  });

  it("fetches the first photos of the first list that has creators, and a photo-less one's none", async () => {
    mockFetch({
      ...signedIn,
      'GET /api/home/stories/subscribed': { body: [] },
      'GET /api/home/stories/following': {
        body: [makeHomeItem(2), makeHomeItem(5, photo(5)), makeHomeItem(6, photo(6))],
      },
      'GET /api/home/stories/discover': { body: [makeHomeItem(3, photo(3))] },
    });
    startFirstRequests('/');
    await settle();
    expect(avatarsPreloaded().map((picture) => picture.src)).toEqual([
      '/media/avatar-5.jpg',
      '/media/avatar-6.jpg',
    ]);
  });

  it('asks beside the session when this browser was signed in at its last visit', async () => {
    rememberSignedIn(true);
    const { calls, fetchMock } = mockFetch(homeLists);
    const answer = fetchMock.getMockImplementation()!;
    let answerSession: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((input, init) =>
      String(input) === '/api/auth/session'
        ? new Promise<Response>((resolve) => (answerSession = resolve))
        : answer(input, init),
    );
    startFirstRequests('/');
    await settle();
    // The session has not answered, and the lists are on their way.
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.anything());
    expect(urls(calls).map((url) => url.split('?')[0])).toEqual([
      '/api/home/stories/discover',
      '/api/home/stories/following',
      '/api/home/stories/subscribed',
    ]);

    // Signed out since (expired, or elsewhere): the next load asks in order again.
    answerSession(Response.json({ user: null }));
    await settle();
    expect(readSignedInHint()).toBe(false);
  });

  it('asks for a profile, its stories and subscription; the profile screen reads them', async () => {
    const profile = {
      id: 42,
      slug: 'grace',
      name: 'Grace Hopper',
      isOwn: false,
      subscribePrice: 5,
    };
    const story = makeStory({
      id: 7,
      user_id: 42,
      overlay_srcset: '/media/7-240.webp 240w, /media/7-480.webp 480w',
    });
    const locked = makeStory({
      id: 8,
      user_id: 42,
      isAvailable: false,
      overlay_image_src: null,
      overlay_src: null,
    });
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/users/slug/grace': { body: { ...fullProfile, ...profile } },
      'GET /api/users/42/stories': {
        body: makeGroup({ creator_id: 42, stories: [story, locked] }),
      },
      'GET /api/users/42/subscription': { body: { subscribed: false } },
    });
    startFirstRequests('/u/grace');
    await settle();
    expect(urls(calls)).toEqual([
      '/api/auth/session',
      '/api/users/42/stories',
      '/api/users/42/subscription',
      '/api/users/slug/grace',
    ]);

    const queryClient = testQueryClient();
    await preloadFirstRoute(queryClient, '/u/grace');
    renderRoutes(routeTree, '/u/grace', queryClient);
    expect(
      await screen.findByRole('button', { name: 'Open story 1' }, chunkLoad),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Subscribe/ })).toBeInTheDocument();
    await settle();
    // The shell's idle-time requests (the bell's count, the menu's mute state) are not the route's.
    expect(calls.filter((call) => !call.url.startsWith('/api/notifications'))).toHaveLength(4);
    // The first tile's picture (a locked tile shows none) was on its way before the screen.
    expect(preloaded().map((picture) => picture.src)).toEqual(['/media/7.jpg']);
    expectPreloadedAsRendered();
  });

  it('asks a signed-out visitor for nothing but the session', async () => {
    const { calls } = mockFetch({
      'GET /api/auth/session': { body: { user: null } },
      ...homeLists,
    });
    startFirstRequests('/');
    startFirstRequests('/u/grace');
    await settle();
    expect(urls(calls)).toEqual(['/api/auth/session', '/api/auth/session']);
  });
});

const fullProfile = makePublicProfile();

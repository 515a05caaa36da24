import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeHomeItem } from '../features/home/test/home-test-data.ts';
import { makeGroup, makeStory } from '../features/story-viewer/test/story-viewer.test-utils.tsx';
import { mockFetch, type RecordedCall } from '../test/fetch-mock.ts';
import { makePublicProfile, makeUser } from '../test/fixtures.ts';
import { renderRoutes, testQueryClient } from '../test/render.tsx';
import { storyViewerKeys } from '../features/story-viewer/index.ts';
import { heldStoryPictures } from '../features/story-viewer/story-picture.ts';
import { HOME_LISTS_WAIT_MS, preloadFirstRoute } from './first-route.ts';
import { routeTree } from './router.tsx';

const signedIn = { 'GET /api/auth/session': { body: { user: makeUser() } } };
const homeLists = {
  'GET /api/home/stories/subscribed': { body: [makeHomeItem(1, { name: 'Sub One' })] },
  'GET /api/home/stories/following': { body: [makeHomeItem(2, { name: 'Fol Two' })] },
  'GET /api/home/stories/discover': { body: [makeHomeItem(3, { name: 'Dis Three' })] },
  // The first creator home shows: their stories are readied for the first tap.
  'GET /api/users/1/stories': { body: makeGroup({ creator_id: 1 }) },
};

const profile = makePublicProfile();

/**
 * The requests of the first route. The shell's idle-time ones (the notification bell's count, a
 * profile menu's mute state) come after the first screen and are left out.
 */
const firstRoute = (calls: RecordedCall[]) =>
  calls.filter((call) => !call.url.startsWith('/api/notifications'));
const paths = (calls: RecordedCall[]) =>
  firstRoute(calls)
    .map((call) => call.url.split('?')[0])
    .sort();
/** Lets every answered fetch and the promise chains after it settle, without rendering. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** The routed screens are lazy chunks: the first import can take a while on a busy machine. */
const chunkLoad = { timeout: 20_000 };

describe('preloadFirstRoute', { timeout: 30_000 }, () => {
  it('asks for the user and then home lists before anything renders', async () => {
    const { calls } = mockFetch({ ...signedIn, ...homeLists });
    preloadFirstRoute(testQueryClient(), '/');
    await settle();
    expect(paths(calls)).toEqual([
      '/api/auth/session',
      '/api/home/stories/discover',
      '/api/home/stories/following',
      '/api/home/stories/subscribed',
      '/api/users/1/stories',
    ]);
  });

  it('gives home the answers it asks for: no list is requested twice', async () => {
    const { calls } = mockFetch({ ...signedIn, ...homeLists });
    const queryClient = testQueryClient();
    preloadFirstRoute(queryClient, '/');
    renderRoutes(routeTree, '/', queryClient);
    expect(await screen.findByRole('link', { name: 'Dis Three' }, chunkLoad)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Fol Two' })).toBeInTheDocument();
    await settle();
    expect(paths(calls)).toEqual([
      '/api/auth/session',
      '/api/home/stories/discover',
      '/api/home/stories/following',
      '/api/home/stories/subscribed',
      '/api/users/1/stories',
    ]);
  });

  it("readies the stories of home's first creator: the first list that has any", async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/home/stories/subscribed': { body: [] },
      'GET /api/home/stories/following': { body: [makeHomeItem(2), makeHomeItem(5)] },
      'GET /api/home/stories/discover': { body: [makeHomeItem(3)] },
      'GET /api/users/2/stories': {
        body: makeGroup({ creator_id: 2, stories: [makeStory({ id: 21, user_id: 2 })] }),
      },
    });
    const queryClient = testQueryClient();
    await preloadFirstRoute(queryClient, '/');
    await settle();
    expect(paths(calls).filter((path) => path?.startsWith('/api/users/'))).toEqual([
      '/api/users/2/stories',
    ]);
    // Under the key the viewer reads, so opening it asks for nothing more.
    expect(queryClient.getQueryData(storyViewerKeys.group(2))).toMatchObject({ creator_id: 2 });
    // And the picture the viewer opens on is on its way, behind home's own pictures.
    const readied = heldStoryPictures().find(
      (image) => image.getAttribute('src') === '/media/21.webp',
    );
    expect(readied?.getAttribute('fetchpriority')).toBe('low');
  });

  it('fetches no picture ahead for a person whose browser asks to save data', async () => {
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true },
      configurable: true,
    });
    try {
      mockFetch({
        ...signedIn,
        ...homeLists,
        'GET /api/users/1/stories': {
          body: makeGroup({ creator_id: 1, stories: [makeStory({ id: 31 })] }),
        },
      });
      const queryClient = testQueryClient();
      await preloadFirstRoute(queryClient, '/');
      await settle();
      expect(queryClient.getQueryData(storyViewerKeys.group(1))).toMatchObject({ creator_id: 1 });
      const sources = heldStoryPictures().map((image) => image.getAttribute('src'));
      expect(sources).not.toContain('/media/31.webp');
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });

  it('asks for a profile and then its stories, which the profile screen then reads', async () => {
    const story = makeStory({ id: 7, user_id: 42 });
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/users/slug/grace': { body: profile },
      'GET /api/users/42/stories': { body: makeGroup({ creator_id: 42, stories: [story] }) },
    });
    const queryClient = testQueryClient();
    preloadFirstRoute(queryClient, '/u/grace');
    await settle();
    expect(paths(calls)).toEqual([
      '/api/auth/session',
      '/api/users/42/stories',
      '/api/users/slug/grace',
    ]);

    renderRoutes(routeTree, '/u/grace', queryClient);
    expect(
      await screen.findByRole('button', { name: 'Open story 1' }, chunkLoad),
    ).toBeInTheDocument();
    await settle();
    expect(firstRoute(calls)).toHaveLength(3);
  });

  it("waits for a slow server's home lists only briefly: the screen shows with its skeletons", async () => {
    const { fetchMock } = mockFetch({ ...signedIn, ...homeLists });
    const answer = fetchMock.getMockImplementation()!;
    // The lists never answer; the user does at once.
    fetchMock.mockImplementation((input, init) =>
      String(input).startsWith('/api/home/')
        ? new Promise<Response>(() => {})
        : answer(input, init),
    );
    const queryClient = testQueryClient();
    const started = performance.now();
    // Before, the first render waited for the lists (and start.tsx's 3 s cut-off).
    await preloadFirstRoute(queryClient, '/');
    expect(performance.now() - started).toBeLessThan(HOME_LISTS_WAIT_MS + 2_000);

    renderRoutes(routeTree, '/', queryClient);
    expect(await screen.findByRole('tab', { name: 'Stories' }, chunkLoad)).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(2);
    expect(screen.getByTestId('skeleton-grid')).toBeInTheDocument();
  });

  it('asks a signed-out visitor for nothing but the session (no 401 for lists)', async () => {
    const { calls } = mockFetch({
      'GET /api/auth/session': { body: { user: null } },
      ...homeLists,
    });
    preloadFirstRoute(testQueryClient(), '/');
    await settle();
    expect(paths(calls)).toEqual(['/api/auth/session']);
  });
});

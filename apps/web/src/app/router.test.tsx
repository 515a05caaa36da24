import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { makeUser } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { makeChatState, makeCompanion } from '../features/chat/test/chat-fixtures.ts';
import { routeTree } from './router.tsx';

const signedOut = { 'GET /api/auth/session': { body: { user: null } } };
const signedIn = { 'GET /api/auth/session': { body: { user: makeUser() } } };

// The first tests wait on cold lazy chunks, slow on a loaded 2-core runner: load them up front.
beforeAll(async () => {
  await Promise.all([
    import('../features/auth/SignInScreen.tsx'),
    import('../features/home/HomeScreen.tsx'),
  ]);
}, 60_000);

describe('router', () => {
  it('sends signed-out users to sign in, remembering where they were going', async () => {
    mockFetch(signedOut);
    const { location } = renderRoutes(routeTree, '/wallet');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // The tracked location follows in an effect, after the screen has rendered.
    await waitFor(() => expect(location.pathname).toBe('/sign-in'));
    expect(location.search).toBe('?next=%2Fwallet');
  });

  it('sends signed-in users away from sign in to home', async () => {
    mockFetch(signedIn);
    const { location } = renderRoutes(routeTree, '/sign-in');
    expect(await screen.findByRole('tab', { name: 'Stories' })).toBeInTheDocument();
    expect(location.pathname).toBe('/');
  });

  it('shows home with the header and the Stories / Streams tabs', async () => {
    mockFetch(signedIn);
    renderRoutes(routeTree, '/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet');
    expect(within(header).getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Streams' })).toBeInTheDocument();
  });

  // jsdom applies no CSS: both navigations are in the page, and the stylesheet shows the rail
  // from 1024 px and the bottom bar below (e2e/tests/layout-shell.spec.ts checks what shows).
  it('gives every signed-in screen the navigation rail, and the sections the bottom bar too', async () => {
    mockFetch(signedIn);
    const navigations = () => screen.getAllByRole('navigation', { name: 'Main' });
    const { unmount } = renderRoutes(routeTree, '/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(navigations().map(navigationKind)).toEqual(['rail', 'bottom bar']);
    unmount();

    renderRoutes(routeTree, '/wallet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
    expect(navigations().map(navigationKind)).toEqual(['rail']);
  });

  it('keeps sign-in and 404 free of the app navigation', async () => {
    mockFetch(signedOut);
    const { unmount } = renderRoutes(routeTree, '/sign-in');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    unmount();
    renderRoutes(routeTree, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it.each([
    ['/messages', 'Messages'],
    ['/channels', 'Channels'],
  ])('shows the list at %s with the bottom bar', async (path, title) => {
    mockFetch({ ...signedIn, 'GET /api/chats': { body: [] }, 'GET /api/channels': { body: [] } });
    renderRoutes(routeTree, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Conversations' })).toBeInTheDocument();
  });

  it('opens a chat full screen on a phone, without the bottom bar', async () => {
    mockFetch({
      ...signedIn,
      'GET /api/chats/load': { body: makeChatState() },
      'GET /api/users/42': { body: makeCompanion() },
      'GET /api/chats/7/messages': { body: { messages: [], cursor: null } },
    });
    renderRoutes(routeTree, '/messages/42');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Anna Karenina/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Main' }).map(navigationKind)).toEqual([
      'rail',
    ]);
  });

  it.each(['/messages/abc', '/channels/0'])('goes to 404 for the chat address %s', async (path) => {
    mockFetch(signedIn);
    const { location } = renderRoutes(routeTree, path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(location.pathname).toBe('/404'));
  });

  it('goes to 404 when the companion of a chat is unknown', async () => {
    mockFetch({
      ...signedIn,
      'GET /api/chats/load': { status: 404, body: { err_key: 'user_not_found' } },
    });
    const { location } = renderRoutes(routeTree, '/messages/99');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(location.pathname).toBe('/404'));
  });

  it('shows the 404 screen for unknown paths', async () => {
    mockFetch(signedOut);
    renderRoutes(routeTree, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('goes to 404 when a profile slug is unknown', async () => {
    mockFetch({
      ...signedIn,
      'GET /api/users/slug/ghost': { status: 404, body: { err_key: 'user_not_found' } },
    });
    const { location } = renderRoutes(routeTree, '/u/ghost?from=home');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    // The heading may show a moment before the address changes.
    await waitFor(() => expect(location.pathname).toBe('/404'));
  });

  it('goes to 404 when the streams user is unknown', async () => {
    mockFetch({
      ...signedIn,
      'GET /api/users/slug/ghost': { status: 404, body: { err_key: 'user_not_found' } },
    });
    const { location } = renderRoutes(routeTree, '/u/ghost/streams?fromHome=1');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(location.pathname).toBe('/404'));
  });
});

/** The rail links to the wallet; the bottom bar holds only the four sections. */
function navigationKind(navigation: HTMLElement) {
  return within(navigation).queryByRole('link', { name: 'Wallet' }) ? 'rail' : 'bottom bar';
}

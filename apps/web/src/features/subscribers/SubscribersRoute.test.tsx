import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTree } from '../../app/router.tsx';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';

const handlers = {
  'GET /api/auth/session': { body: { user: makeUser({ subscribers: 1 }) } },
  'GET /api/users/me/subscribers': {
    body: [
      {
        id: 7,
        name: 'Grace Hopper',
        slug: 'grace',
        profileImage: null,
        since: '2025-03-01T12:00:00.000Z',
        expires_at: '2025-04-01T12:00:00.000Z',
        renews: true,
      },
    ],
  },
};

// Cold lazy chunks are slow on a loaded 2-core runner: load them up front.
beforeAll(async () => {
  await Promise.all([import('../profile/OwnProfileScreen.tsx'), import('./SubscribersScreen.tsx')]);
}, 60_000);

describe('the subscriber list route', () => {
  it('opens from the subscribers count on the own profile', async () => {
    mockFetch(handlers);
    const { location } = renderRoutes(routeTree, '/me');
    const link = await screen.findByRole('link', { name: '1 subscriber: see the list' });
    expect(link).toHaveAttribute('href', '/me/subscribers');
    await userEvent.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subscribers' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your subscribers' });
    expect(within(list).getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(location.pathname).toBe('/me/subscribers');
  });

  it('is a signed-in screen of its own, reached by its path', async () => {
    mockFetch(handlers);
    renderRoutes(routeTree, '/me/subscribers');
    expect(await screen.findByText('Renews Apr 1, 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});

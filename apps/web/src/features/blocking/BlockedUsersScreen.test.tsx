import type { BlockedUser } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTree } from '../../app/router.tsx';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderRoutes, renderScreen } from '../../test/render.tsx';
import { BlockedUsersScreen } from './BlockedUsersScreen.tsx';

const grace: BlockedUser = {
  id: 7,
  name: 'Grace Hopper',
  slug: 'grace',
  profileImage: '/media/grace.jpg',
  blocked_at: '2025-03-01T12:00:00.000Z',
};
const linus: BlockedUser = {
  id: 8,
  name: 'Linus',
  slug: 'linus',
  profileImage: null,
  blocked_at: '2025-02-10T12:00:00.000Z',
};

function renderBlocked(list: MockResponse | (() => MockResponse)) {
  let unblocked = false;
  const fetch = mockFetch({
    // After the unblock the server lists Linus alone.
    'GET /api/users/me/blocked': () =>
      unblocked ? { body: [linus] } : typeof list === 'function' ? list() : list,
    'DELETE /api/users/7/block': () => {
      unblocked = true;
      return { body: { blocked: false } };
    },
  });
  return { ...fetch, ...renderScreen(<BlockedUsersScreen />, { path: '/me/blocked' }) };
}

describe('BlockedUsersScreen', () => {
  it('lists the blocked people and unblocks one', async () => {
    const { calls } = renderBlocked({ body: [grace, linus] });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const list = await screen.findByRole('list', { name: 'People you blocked' });
    const [first] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/u/grace',
    );
    expect(first).toHaveTextContent('Blocked on Mar 1, 2025');
    expect(first!.querySelector('img')).toHaveAttribute('src', '/media/grace.jpg');

    await userEvent.click(within(list).getByRole('button', { name: 'Unblock Grace Hopper' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Grace Hopper' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Linus' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      expect.objectContaining({ url: '/api/users/7/block' }),
    ]);
    expect(await screen.findByText('Grace Hopper is unblocked.')).toBeInTheDocument();
  });

  it('says so when nobody is blocked', async () => {
    renderBlocked({ body: [] });
    expect(
      await screen.findByRole('heading', { name: 'You have not blocked anyone' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'People you blocked' })).toBeNull();
  });

  it('offers a retry when the list cannot load', async () => {
    let attempts = 0;
    renderBlocked(() => (++attempts === 1 ? { status: 500, body: {} } : { body: [linus] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The list of blocked users could not be loaded.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Linus' })).toBeInTheDocument();
  });
});

describe('the blocked users route', () => {
  beforeAll(async () => {
    await Promise.all([
      import('../profile/OwnProfileScreen.tsx'),
      import('./BlockedUsersScreen.tsx'),
    ]);
  }, 60_000);

  it('opens from the own profile at /me/blocked', async () => {
    mockFetch({
      'GET /api/auth/session': { body: { user: makeUser() } },
      'GET /api/users/me/blocked': { body: [grace] },
    });
    const { location } = renderRoutes(routeTree, '/me');
    await userEvent.click(await screen.findByRole('link', { name: 'Blocked users' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blocked users' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(location.pathname).toBe('/me/blocked');
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTree } from '../../app/router.tsx';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { makeSession } from './test-utils.tsx';

// Cold lazy chunks are slow on a loaded 2-core runner: load them up front.
beforeAll(async () => {
  await Promise.all([
    import('../settings/SettingsScreen.tsx'),
    import('./SecurityScreen.tsx'),
    import('../profile/OwnProfileScreen.tsx'),
    import('./EmailNotice.tsx'),
  ]);
}, 60_000);

function signedInAs(user = makeUser()) {
  return mockFetch({
    'GET /api/auth/session': { body: { user } },
    'GET /api/auth/sessions': { body: [makeSession({ current: true, device: 'Chrome on macOS' })] },
  });
}

describe('the account security screen', () => {
  it('opens from the settings, with its three parts, and Back returns there', async () => {
    signedInAs();
    const { location } = renderRoutes(routeTree, '/me/settings');
    const link = await screen.findByRole('link', { name: 'Account security' });
    expect(link).toHaveAccessibleDescription('Email address, password and signed-in devices');
    await userEvent.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account security' }),
    ).toBeInTheDocument();
    expect(location.pathname).toBe('/me/settings/security');
    for (const name of ['Email address', 'Password', 'Signed-in devices']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(await screen.findByText('Only this device is signed in.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it('is behind sign-in, and comes back to it afterwards', async () => {
    mockFetch({ 'GET /api/auth/session': { body: { user: null } } });
    const { location } = renderRoutes(routeTree, '/me/settings/security');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location.search).toBe('?next=%2Fme%2Fsettings%2Fsecurity');
  });
});

describe('the unconfirmed-address notice', () => {
  it.each([
    ['/me/settings', 'Settings'],
    ['/me', 'My profile'],
  ])('shows on %s for an unconfirmed address', async (path, title) => {
    signedInAs(makeUser({ email_verified: false }));
    renderRoutes(routeTree, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const notice = await screen.findByRole('region', { name: 'Confirm your email address' });
    expect(within(notice).getByRole('button', { name: 'Resend link' })).toBeInTheDocument();
  });

  it.each(['/me/settings', '/me'])('is not on %s for a confirmed address', async (path) => {
    signedInAs(makeUser({ email_verified: true }));
    renderRoutes(routeTree, path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).toBeNull();
  });
});

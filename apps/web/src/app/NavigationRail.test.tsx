import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { makeUser } from '../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../test/render.tsx';
import { NavigationRail } from './NavigationRail.tsx';

function renderRail(path: string) {
  const user = makeUser();
  mockFetch({ 'GET /api/auth/me': { body: user }, 'GET /api/tags': { body: [] } });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  // Mounted at every path, so a click moves the router and the rail marks the new section.
  return renderScreen(<NavigationRail />, { path, queryClient });
}

const rail = () => screen.getByRole('navigation', { name: 'Main' });

describe('NavigationRail', () => {
  // The posting flow is a lazy chunk; load it up front so the test does not wait on it.
  beforeAll(() => import('../features/story-posting/StoryPostingFlow.tsx'));

  it('leads to the sections, the wallet, Go live, the settings and home through the logo', () => {
    renderRail('/');
    const expected = [
      ['Glimpse', '/'],
      ['Home', '/'],
      ['Search', '/search'],
      ['Messages', '/messages'],
      ['Channels', '/channels'],
      ['Profile', '/me'],
      ['Wallet', '/wallet'],
      ['Go live', '/me/live'],
      ['Settings', '/me/settings'],
    ];
    const links = within(rail()).getAllByRole('link');
    expect(links).toHaveLength(expected.length);
    // Named by their labels, which stay for screen readers while the rail shows icons only.
    links.forEach((link, index) => {
      const [name, href] = expected[index]!;
      expect(link).toHaveAccessibleName(name);
      expect(link).toHaveAttribute('href', href);
    });
  });

  it('marks the section of the current page, deeper pages included', () => {
    renderRail('/me/edit');
    expect(within(rail()).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(rail()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('marks only Settings on the settings, though they live under the profile', () => {
    renderRail('/me/settings');
    const current = within(rail())
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current).toEqual([within(rail()).getByRole('link', { name: 'Settings' })]);
  });

  it('navigates and marks the section it moved to', async () => {
    const { location } = renderRail('/');
    await userEvent.click(within(rail()).getByRole('link', { name: 'Wallet' }));
    expect(location.pathname).toBe('/wallet');
    expect(within(rail()).getByRole('link', { name: 'Wallet' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('opens the new story flow', async () => {
    renderRail('/messages');
    await userEvent.click(within(rail()).getByRole('button', { name: 'New story' }));
    expect(await screen.findByRole('dialog', { name: 'New story' })).toBeInTheDocument();
  });
});

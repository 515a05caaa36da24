import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { makeUser } from '../test/fixtures.ts';
import { landing, renderScreen, testQueryClient } from '../test/render.tsx';
import { NavigationRail } from './NavigationRail.tsx';

function renderRail(path: string) {
  const user = makeUser();
  mockFetch({ 'GET /api/auth/me': { body: user }, 'GET /api/tags': { body: [] } });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  return renderScreen(<NavigationRail />, {
    path,
    queryClient,
    extraRoutes: [landing('/elsewhere')],
  });
}

const rail = () => screen.getByRole('navigation', { name: 'Main' });

describe('NavigationRail', () => {
  // The posting flow is a lazy chunk; load it up front so the test does not wait on it.
  beforeAll(() => import('../features/story-posting/StoryPostingFlow.tsx'));

  it('leads to the sections, the wallet and home through the logo', () => {
    renderRail('/');
    const links = within(rail()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['GGlimpse', '/'],
      ['Home', '/'],
      ['Messages', '/messages'],
      ['Channels', '/channels'],
      ['Profile', '/me'],
      ['Wallet', '/wallet'],
    ]);
    // Named by its label even while the rail shows icons only (the label is then sr-only).
    expect(within(rail()).getByRole('link', { name: 'Glimpse' })).toHaveAttribute('href', '/');
  });

  it('marks the section of the current page, deeper pages included', () => {
    renderRail('/me/edit');
    expect(within(rail()).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(rail()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('opens the new story flow', async () => {
    renderRail('/messages');
    await userEvent.click(within(rail()).getByRole('button', { name: 'New story' }));
    expect(await screen.findByRole('dialog', { name: 'New story' })).toBeInTheDocument();
  });
});

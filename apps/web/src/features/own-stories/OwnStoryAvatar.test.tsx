import type { OwnStory } from '@glimpse/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { OwnProfileScreen } from '../profile/OwnProfileScreen.tsx';
import { makeOwnStory } from './test/own-story-fixtures.ts';

function renderProfile(stories: OwnStory[]) {
  const user = makeUser();
  mockFetch({
    'GET /api/auth/session': { body: { user } },
    'GET /api/users/me/stories': { body: stories },
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  renderScreen(<OwnProfileScreen />, { path: '/me', pattern: '/me', queryClient });
}

describe('the own avatar on the own profile', () => {
  // The menu is a lazy chunk; load it once up front so the test does not wait on it.
  beforeAll(() => import('./OwnStoriesMenu.tsx'));

  it('opens the own-story menu when the user has stories', async () => {
    renderProfile([makeOwnStory()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Open my stories' }));
    expect(await screen.findByRole('dialog', { name: 'My stories' })).toBeInTheDocument();
    expect(await screen.findByRole('listbox', { name: 'My stories' })).toBeInTheDocument();
  });

  it('is a plain photo without stories, next to a New story button', async () => {
    renderProfile([]);
    expect(await screen.findByRole('button', { name: 'New story' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile photo of Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open my stories' })).toBeNull();
  });
});

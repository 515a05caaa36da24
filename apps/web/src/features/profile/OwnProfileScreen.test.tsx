import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { makeListItem } from '../chat/test/chat-fixtures.ts';
import { landing, renderScreen, testQueryClient } from '../../test/render.tsx';
import { OwnProfileScreen } from './OwnProfileScreen.tsx';

function renderOwnProfile() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(
    ['me'],
    makeUser({
      name: 'Ada LOVELACE',
      userCategories: [
        {
          id: 201,
          title: 'Athletic',
          color_code: null,
          category_id: 20,
          category_title: 'Body',
          for_male: 1,
          for_female: 1,
          for_transgender: 1,
        },
      ],
    }),
  );
  return renderScreen(<OwnProfileScreen />, {
    path: '/me',
    pattern: '/me',
    queryClient,
    extraRoutes: [landing('/me/edit')],
  });
}

describe('OwnProfileScreen', () => {
  it('shows the name once with the handle as @slug, bio, counts and categories', () => {
    renderOwnProfile();
    expect(screen.getByText('Ada LOVELACE')).toBeInTheDocument();
    // Not the name again in lower case (it read like a second name), but the handle.
    expect(screen.queryByText(/^ada lovelace$/i, { selector: ':not(img)' })).toBe(
      screen.getByText('Ada LOVELACE'),
    );
    expect(screen.getByTestId('user-name-label')).toHaveTextContent(/^@ada$/);
    expect(screen.getByText('Poet of numbers')).toBeInTheDocument();
    expect(screen.getByText('Followers').nextSibling).toHaveTextContent('12');
    expect(screen.getByText('Subscribers').nextSibling).toHaveTextContent('3');
    expect(screen.getByRole('region', { name: 'Categories' })).toHaveTextContent('Body:Athletic');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('links to the own channel', async () => {
    mockFetch({
      'GET /api/channels': {
        body: [
          makeListItem(5, { isBroadcastingChannel: true }),
          makeListItem(3, { isBroadcastingChannel: true, isChatOwner: true }),
        ],
      },
    });
    const { container } = renderOwnProfile();
    // While the list loads, its room is held (hidden from everyone) so the buttons below it,
    // Sign out last, do not move under a tap.
    const placeholder = [...container.ownerDocument.querySelectorAll('main span.invisible')].find(
      (room) => room.textContent === 'My channel',
    );
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('link', { name: 'My channel' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'My channel' })).toHaveAttribute(
      'href',
      '/channels/3',
    );
    expect(placeholder).not.toBeInTheDocument();
  });

  it('links to Go live', () => {
    renderOwnProfile();
    expect(screen.getByRole('link', { name: 'Go live' })).toHaveAttribute('href', '/me/live');
  });

  it('opens the edit screen', async () => {
    renderOwnProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(await screen.findByText('landed on /me/edit')).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { makeSettings } from './test/notification-fixtures.ts';
import { useMuteMenuEntry } from './use-mute-menu-entry.tsx';

const grace = { id: 7, name: 'Grace Hopper', slug: 'grace', avatarUrl: null };

/** The entry as a menu would show it, without the menu: its label pressed runs its action. */
function MuteEntry() {
  const entry = useMuteMenuEntry(grace);
  if (!entry) return <p>no entry</p>;
  return (
    <button type="button" onClick={entry.onSelect}>
      {entry.label}
    </button>
  );
}

function renderEntry(mutedAtFirst: boolean) {
  const fetch = mockFetch({
    'GET /api/notifications/settings': {
      body: makeSettings({
        muted: mutedAtFirst
          ? [{ id: 7, name: 'Grace Hopper', slug: 'grace', avatar_url: null }]
          : [],
      }),
    },
    'POST /api/users/7/mute-notifications': { body: { success: true } },
    'DELETE /api/users/7/mute-notifications': { body: { success: true } },
  });
  const rendered = renderScreen(<MuteEntry />);
  return { ...fetch, ...rendered };
}

describe('the Mute notifications menu entry', () => {
  it('mutes a person the user has not muted, then offers to unmute', async () => {
    const { calls, queryClient } = renderEntry(false);
    expect(screen.getByText('no entry')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Mute notifications' }));
    expect(await screen.findByRole('button', { name: 'Unmute notifications' })).toBeVisible();
    expect(
      await screen.findByText('You get no more notifications about Grace Hopper.'),
    ).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
      'POST /api/users/7/mute-notifications',
    );
    // The settings' list of muted creators has them now.
    expect(
      queryClient.getQueryData<{ muted: { id: number }[] }>(['notifications', 'settings'])?.muted,
    ).toEqual([{ id: 7, name: 'Grace Hopper', slug: 'grace', avatar_url: null }]);
  });

  it('unmutes a muted person', async () => {
    const { calls } = renderEntry(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Unmute notifications' }));
    expect(await screen.findByRole('button', { name: 'Mute notifications' })).toBeVisible();
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
        'DELETE /api/users/7/mute-notifications',
      ),
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import type { BlockTarget } from './use-block-toggle.tsx';
import { useBlockMenuEntry } from './use-block-menu-entry.tsx';

/** The entry as a menu would show it, without the menu: its label pressed runs its action. */
function BlockEntry(target: BlockTarget) {
  const { entry, dialog } = useBlockMenuEntry(target);
  return (
    <>
      <button type="button" onClick={entry.onSelect}>
        {entry.label}
      </button>
      {dialog}
    </>
  );
}

function renderItem(blocked: boolean) {
  const fetch = mockFetch({
    'GET /api/auth/session': { body: { user: makeUser() } },
    'POST /api/users/7/block': { body: { blocked: true } },
    'DELETE /api/users/7/block': { body: { blocked: false } },
  });
  const queryClient = testQueryClient();
  // What a profile and a chat list cached before: blocking makes them stale.
  queryClient.setQueryData(['profiles', 'slug', 'grace'], { id: 7, isBlocked: blocked });
  queryClient.setQueryData(['chats'], []);
  queryClient.setQueryData(['search', 'grace'], { pages: [], pageParams: [] });
  queryClient.setQueryData(['wallet', 'summary'], {});
  const onChanged = vi.fn();
  renderScreen(
    <BlockEntry userId={7} name="Grace Hopper" blocked={blocked} onChanged={onChanged} />,
    { queryClient },
  );
  const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { ...fetch, onChanged, stale };
}

describe('the Block / Unblock menu entry', () => {
  it('explains blocking and does nothing when cancelled', async () => {
    const { calls, onChanged } = renderItem(false);
    await userEvent.click(screen.getByRole('button', { name: 'Block Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Grace Hopper?' });
    expect(dialog).toHaveTextContent('Neither of you can send the other messages.');
    expect(dialog).toHaveTextContent(
      'Your stories, streams and channel are hidden from Grace Hopper.',
    );
    expect(dialog).toHaveTextContent('is not renewed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('blocks after confirming, says so, and refreshes the profile and chat caches', async () => {
    const { calls, onChanged, stale } = renderItem(false);
    await userEvent.click(screen.getByRole('button', { name: 'Block Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByRole('button', { name: 'Unblock Grace Hopper' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/users/7/block' }),
    ]);
    expect(onChanged).toHaveBeenCalledWith(true);
    expect(await screen.findByText('Grace Hopper is blocked.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(stale(['profiles', 'slug', 'grace'])).toBe(true);
    expect(stale(['chats'])).toBe(true);
    expect(stale(['search', 'grace'])).toBe(true);
    expect(stale(['wallet', 'summary'])).toBe(false);
  });

  it('unblocks at once, without a confirmation', async () => {
    const { calls, onChanged } = renderItem(true);
    await userEvent.click(screen.getByRole('button', { name: 'Unblock Grace Hopper' }));
    expect(await screen.findByRole('button', { name: 'Block Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      expect.objectContaining({ url: '/api/users/7/block' }),
    ]);
    expect(onChanged).toHaveBeenCalledWith(false);
    expect(await screen.findByText('Grace Hopper is unblocked.')).toBeInTheDocument();
  });

  it('keeps the state and says why when blocking fails', async () => {
    mockFetch({
      'GET /api/auth/session': { body: { user: makeUser() } },
      'POST /api/users/7/block': { status: 400, body: { err_key: 'cannot_block_self' } },
    });
    const onChanged = vi.fn();
    renderScreen(
      <BlockEntry userId={7} name="Grace Hopper" blocked={false} onChanged={onChanged} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Block Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You cannot block yourself.')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Block Grace Hopper' })).toBeInTheDocument();
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FollowButton } from './FollowButton.tsx';
import type { FollowWord } from './use-follow-toggle.ts';

/** A follow endpoint whose answers are released by the test, one at a time, in order. */
function fakeFollowServer(initial = false) {
  const state = { following: initial, calls: [] as string[] };
  const pending: (() => void)[] = [];
  const fetchMock = vi.fn((_url: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const following = method === 'POST';
    state.calls.push(method);
    return new Promise<Response>((resolve) => {
      pending.push(() => {
        state.following = following;
        const headers = { 'content-type': 'application/json' };
        resolve(new Response(JSON.stringify({ following }), { headers }));
      });
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  async function releaseNext() {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    await act(async () => pending.shift()?.());
  }
  return { state, pending, releaseNext, fetchMock };
}

/** The parent owns the flag and flips it on the emitted word, as spec 4 describes. */
function Parent({
  onWord,
  initial = false,
}: {
  onWord: (word: FollowWord) => void;
  initial?: boolean;
}) {
  const [following, setFollowing] = useState(initial);
  return (
    <FollowButton
      userId={7}
      following={following}
      onClick={(word) => {
        onWord(word);
        setFollowing(word === 'followed');
      }}
    />
  );
}

describe('FollowButton', () => {
  it('shows a plus to follow and a 16 px check to unfollow', () => {
    const { rerender } = render(<FollowButton userId={1} following={false} />);
    const button = screen.getByRole('button', { name: 'Follow' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('follow-plus')).toBeInTheDocument();

    rerender(<FollowButton userId={1} following compact />);
    expect(screen.getByRole('button', { name: 'Following' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const check = screen.getByTestId('follow-check');
    expect(check).toHaveAttribute('width', '16');
    expect(check).toHaveAttribute('stroke', '#FE4811');
    expect(screen.getByRole('button', { name: 'Following' })).not.toHaveTextContent('Following');
  });

  it('says "Following" (a pressed toggle) while following, never "✓ Unfollow"', () => {
    render(<FollowButton userId={1} following />);
    const button = screen.getByRole('button', { name: 'Following', pressed: true });
    expect(button).toHaveTextContent(/^Following$/);
    expect(button).not.toHaveTextContent(/unfollow/i);
    // What a press does is in its title (tooltip and description).
    expect(button).toHaveAttribute('title', 'Following: press to unfollow');
  });

  it('calls follow, and only after it completes emits "followed"', async () => {
    const server = fakeFollowServer(false);
    const onWord = vi.fn();
    render(<Parent onWord={onWord} />);
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(server.fetchMock).toHaveBeenLastCalledWith(
      '/api/users/7/follow',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(onWord).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-busy', 'true');

    await server.releaseNext();
    expect(onWord).toHaveBeenCalledWith('followed');
    expect(screen.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-busy', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Following' }));
    expect(server.fetchMock).toHaveBeenLastCalledWith(
      '/api/users/7/follow',
      expect.objectContaining({ method: 'DELETE' }),
    );
    await server.releaseNext();
    expect(onWord).toHaveBeenLastCalledWith('unfollowed');
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });

  it('does not block clicks while a call runs, and a double click ends as the server says', async () => {
    const server = fakeFollowServer(false);
    const onWord = vi.fn();
    render(<Parent onWord={onWord} />);
    const button = screen.getByRole('button', { name: 'Follow' });
    await userEvent.dblClick(button);

    // Calls never overlap: the second waits for the first answer.
    expect(server.state.calls).toEqual(['POST']);
    await server.releaseNext();
    await server.releaseNext();
    expect(server.state.calls).toEqual(['POST', 'DELETE']);
    expect(server.pending).toHaveLength(0);
    expect(server.state.following).toBe(false);
    expect(onWord).toHaveBeenLastCalledWith('unfollowed');
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a triple click follows, with every intermediate intent collapsed', async () => {
    const server = fakeFollowServer(false);
    const onWord = vi.fn();
    render(<Parent onWord={onWord} />);
    const button = screen.getByRole('button', { name: 'Follow' });
    await userEvent.tripleClick(button);

    await server.releaseNext();
    // Intent after three clicks is "following", which the first answer already gave.
    expect(server.state.calls).toEqual(['POST']);
    expect(server.state.following).toBe(true);
    expect(onWord).toHaveBeenLastCalledWith('followed');
    expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();
  });

  it('reports a failed call and leaves the flag alone', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const onWord = vi.fn();
    render(<Parent onWord={onWord} />);
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-busy', 'false'),
    );
    expect(onWord).not.toHaveBeenCalled();
  });
});

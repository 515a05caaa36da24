import { screen, waitFor } from '@testing-library/react';
import type { StoryGroup } from '@glimpse/contract';
import { describe, expect, it } from 'vitest';
import { storyViewerKeys } from '../story-viewer/index.ts';
import {
  loadOpeningPicture,
  makeGroup,
  makeStory,
} from '../story-viewer/test/story-viewer.test-utils.tsx';
import { PurchaseResumer } from './PurchaseResumer.tsx';
import { rememberPendingPurchase } from './purchase-resume.ts';
import { idempotencyKeysOf, renderWithUser } from './test/money-test-utils.tsx';

const group = makeGroup({ stories: [makeStory({ id: 41 })] });

describe('PurchaseResumer', () => {
  it('finishes the unlock once, keyed by the marker, and drops the marker from the address', async () => {
    const { fetchMock, location } = renderWithUser(<PurchaseResumer />, {
      path: '/u/ada?from=home&resume=unlock.1.41.abcdefgh12&top_up=success',
      handlers: {
        'POST /api/stories/41/unlock': { body: { status: true } },
        'GET /api/users/1/stories': { body: group },
        'POST /api/stories/41/watch': { status: 204 },
      },
    });
    await waitFor(() => expect(location.search).toBe('?from=home'));
    await waitFor(() =>
      expect(idempotencyKeysOf(fetchMock, '/api/stories/41/unlock')).toEqual(['resume-abcdefgh12']),
    );
    // The viewer opens on the creator's stories.
    await loadOpeningPicture();
    expect(
      await screen.findByRole('dialog', { name: 'Stories of Ada' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('opens the viewer on the group as it is after the unlock, not on a copy cached before', async () => {
    const locked = makeGroup({ stories: [makeStory({ id: 41, isAvailable: false })] });
    const unlocked = makeGroup({ stories: [makeStory({ id: 41, isAvailable: true })] });
    const { queryClient } = renderWithUser(<PurchaseResumer />, {
      path: '/u/ada?resume=unlock.1.41.abcdefgh56&top_up=success',
      handlers: {
        'POST /api/stories/41/unlock': { body: { status: true } },
        'GET /api/users/1/stories': { body: unlocked },
        'POST /api/stories/41/watch': { status: 204 },
      },
      // As the profile page leaves it: the group loaded while the story was still locked.
      seed: (client) => client.setQueryData(storyViewerKeys.group(1), locked),
    });
    await loadOpeningPicture();
    expect(
      await screen.findByRole('dialog', { name: 'Stories of Ada' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      queryClient.getQueryData<StoryGroup>(storyViewerKeys.group(1))?.stories[0],
    ).toMatchObject({ id: 41, isAvailable: true });
  });

  it('does not buy when the checkout failed', async () => {
    const { calls, location } = renderWithUser(<PurchaseResumer />, {
      path: '/?resume=subscribe.7.3.abcdefgh34&top_up=fail',
    });
    await waitFor(() => expect(location.search).toBe(''));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('buys the direct messages remembered before a top-up the server sent the person to', async () => {
    rememberPendingPurchase({ kind: 'direct_message', userId: 42, nonce: 'abcdefgh78' });
    const { fetchMock, location } = renderWithUser(<PurchaseResumer />, {
      path: '/u/anna?direct_message=1&top_up=success',
      handlers: { 'POST /api/users/42/buy-direct-message': { body: { success: true } } },
    });
    await waitFor(() => expect(location.search).toBe('?direct_message=1'));
    await waitFor(() =>
      expect(idempotencyKeysOf(fetchMock, '/api/users/42/buy-direct-message')).toEqual([
        'resume-abcdefgh78',
      ]),
    );
    expect(await screen.findByText('You can send direct messages now.')).toBeInTheDocument();
  });
});

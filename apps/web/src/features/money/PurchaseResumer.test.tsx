import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeGroup, makeStory } from '../story-viewer/test/story-viewer.test-utils.tsx';
import { PurchaseResumer } from './PurchaseResumer.tsx';
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
    expect(
      await screen.findByRole('dialog', { name: 'Stories of Ada' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('does not buy when the checkout failed', async () => {
    const { calls, location } = renderWithUser(<PurchaseResumer />, {
      path: '/?resume=subscribe.7.3.abcdefgh34&top_up=fail',
    });
    await waitFor(() => expect(location.search).toBe(''));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useBuyDirectMessage } from './money.queries.ts';
import { idempotencyKeysOf, renderWithUser } from './test/money-test-utils.tsx';

function Buy() {
  const buy = useBuyDirectMessage();
  return (
    <button type="button" onClick={() => buy.mutate(7)}>
      Buy
    </button>
  );
}

const grace = { id: 7, name: 'Grace Hopper', directMessagePrice: 2.99 };

describe('useBuyDirectMessage', () => {
  it('confirms a purchase from the wallet with the price and the creator', async () => {
    const { fetchMock } = renderWithUser(<Buy />, {
      handlers: {
        'POST /api/users/7/buy-direct-message': { body: { success: true } },
        'GET /api/users/7': { body: grace },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(
      await screen.findByText(
        'Paid $2.99: you can message Grace Hopper now',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(idempotencyKeysOf(fetchMock, '/api/users/7/buy-direct-message')[0]).toBeTruthy();
  });

  it('confirms nothing when the wallet needs a top-up first (the checkout follows)', async () => {
    const { calls } = renderWithUser(<Buy />, {
      handlers: {
        'POST /api/users/7/buy-direct-message': { body: { redirectUrl: '/checkout/1' } },
        'GET /api/users/7': { body: grace },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.some((call) => call.url === '/api/users/7')).toBe(false);
  });
});

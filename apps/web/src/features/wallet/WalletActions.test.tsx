import type { TipRequest, Wallet } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MockResponse, RecordedCall } from '../../test/fetch-mock.ts';
import { idempotencyKeysOf, renderWithUser } from '../money/test/money-test-utils.tsx';
import { walletListHandlers } from './test/wallet-test-data.ts';
import { WalletScreen } from './WalletScreen.tsx';

type Handler = MockResponse | ((call: RecordedCall) => MockResponse);

const wallet: Wallet = {
  balance: 12.5,
  currency: 'USD',
  earnings: { pending: 0, withdrawable: 25, in_flight: 0, paid_out: 0 },
  transactions: [],
};

const linusAsks: TipRequest = {
  id: 9,
  amount: 3,
  message: 'For the coffee',
  created_at: '2025-03-03T10:00:00.000Z',
  requester: { id: 8, name: 'Linus', slug: 'linus', profileImage: null },
};

const verified = { verified: true, verifyOndatoAt: '2025-01-01T00:00:00.000Z' };

/** Answers `first` to the first request and `then` to every later one (a list that changed). */
function firstThen(first: MockResponse, then: MockResponse) {
  let seen = 0;
  return () => (seen++ === 0 ? first : then);
}

function renderWallet(handlers: Record<string, Handler>, user = {}) {
  return renderWithUser(<WalletScreen />, {
    path: '/wallet',
    user,
    handlers: {
      'GET /api/wallet': { body: wallet },
      ...walletListHandlers,
      ...handlers,
    },
  });
}

function callsTo(calls: RecordedCall[], method: string, url: string) {
  return calls.filter((call) => call.method === method && call.url === url);
}

describe('WalletScreen tip requests', () => {
  it('pays a request with an idempotency key, then refreshes the list and the balance', async () => {
    const { calls, fetchMock } = renderWallet({
      'GET /api/tips/requests': firstThen({ body: [linusAsks] }, { body: [] }),
      'POST /api/tips/requests/9/pay': { body: { success: true } },
    });
    const requests = await screen.findByRole('region', { name: 'Tip requests' });
    await userEvent.click(within(requests).getByRole('button', { name: 'Pay Linus' }));

    expect(await screen.findByText('Tip paid')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Tip requests' })).toBeNull());
    expect(callsTo(calls, 'POST', '/api/tips/requests/9/pay')).toHaveLength(1);
    const [key] = idempotencyKeysOf(fetchMock, '/api/tips/requests/9/pay');
    expect(key).toMatch(/^[\w-]{16,}$/);
    expect(callsTo(calls, 'GET', '/api/tips/requests')).toHaveLength(2);
    expect(callsTo(calls, 'GET', '/api/wallet').length).toBeGreaterThan(1);
  });

  it('offers a top-up of exactly what is missing when the balance is too low', async () => {
    const { calls } = renderWallet({
      'GET /api/wallet': { body: { ...wallet, balance: 0.07 } },
      'GET /api/tips/requests': { body: [{ ...linusAsks, amount: 101.01 }] },
      'POST /api/tips/requests/9/pay': { status: 400, body: { err_key: 'insufficient_funds' } },
    });
    const requests = await screen.findByRole('region', { name: 'Tip requests' });
    await userEvent.click(within(requests).getByRole('button', { name: 'Pay Linus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not enough money' });
    // 101.01 - 0.07 is 100.94000000000001 in floating point: a cent too many if not rounded.
    expect(within(dialog).getByRole('radio', { name: '$100.94' })).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: '$100.95' })).toBeNull();
    expect(within(requests).getByText('Linus asks you for $101.01')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/tips/requests/9/pay')).toHaveLength(1);
  });

  it('declines a request with DELETE and drops it from the list', async () => {
    const { calls } = renderWallet({
      'GET /api/tips/requests': firstThen({ body: [linusAsks] }, { body: [] }),
      'DELETE /api/tips/requests/9': { status: 204 },
    });
    const requests = await screen.findByRole('region', { name: 'Tip requests' });
    await userEvent.click(
      within(requests).getByRole('button', { name: "Decline Linus's request" }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Tip requests' })).toBeNull());
    expect(callsTo(calls, 'DELETE', '/api/tips/requests/9')).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/api/tips/requests/9/pay')).toHaveLength(0);
  });

  it('drops a request that is already gone (paid or declined elsewhere) and says so', async () => {
    renderWallet({
      'GET /api/tips/requests': firstThen({ body: [linusAsks] }, { body: [] }),
      'POST /api/tips/requests/9/pay': { status: 404, body: { err_key: 'tip_request_not_found' } },
    });
    const requests = await screen.findByRole('region', { name: 'Tip requests' });
    await userEvent.click(within(requests).getByRole('button', { name: 'Pay Linus' }));
    expect(await screen.findByText('This tip request is no longer open.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Tip requests' })).toBeNull());
  });
});

describe('WalletScreen payouts', () => {
  it('requests a payout of the withdrawable amount with an idempotency key', async () => {
    const { calls, fetchMock } = renderWallet(
      {
        'POST /api/wallet/payouts': {
          status: 201,
          body: { id: 3, amount: 25, status: 'pending', created_at: '2025-03-04T10:00:00.000Z' },
        },
        'GET /api/wallet/payouts': firstThen(
          { body: [] },
          {
            body: [
              { id: 3, amount: 25, status: 'pending', created_at: '2025-03-04T10:00:00.000Z' },
            ],
          },
        ),
      },
      verified,
    );
    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    expect(await within(earnings).findByText('No payouts yet.')).toBeInTheDocument();
    await userEvent.click(within(earnings).getByRole('button', { name: 'Request payout' }));

    expect(await screen.findByText('Payout requested')).toBeInTheDocument();
    const payouts = await within(earnings).findByRole('region', { name: 'Payouts' });
    expect(within(payouts).getByRole('listitem')).toHaveTextContent('$25.00');
    const [request] = callsTo(calls, 'POST', '/api/wallet/payouts');
    expect(request?.body).toEqual({});
    expect(idempotencyKeysOf(fetchMock, '/api/wallet/payouts').filter(Boolean)).toHaveLength(1);
  });

  it('shows why a payout is not possible (payout_unavailable)', async () => {
    const { calls } = renderWallet(
      {
        'POST /api/wallet/payouts': { status: 400, body: { err_key: 'payout_unavailable' } },
      },
      verified,
    );
    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    await userEvent.click(within(earnings).getByRole('button', { name: 'Request payout' }));
    expect(
      await screen.findByText(
        'That payout is not possible: check the withdrawable amount and the minimum.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/wallet/payouts')).toHaveLength(1);
    expect(within(earnings).getByRole('button', { name: 'Request payout' })).toBeEnabled();
  });

  it('asks an unverified creator to verify instead of calling', async () => {
    const { calls } = renderWallet({});
    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    await userEvent.click(within(earnings).getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByRole('dialog', { name: 'Verify your identity' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/wallet/payouts')).toHaveLength(0);
  });

  it('keeps the payout button off below the minimum', async () => {
    renderWallet(
      {
        'GET /api/wallet': {
          body: { ...wallet, earnings: { ...wallet.earnings, withdrawable: 19.99 } },
        },
      },
      verified,
    );
    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    expect(within(earnings).getByRole('button', { name: 'Request payout' })).toBeDisabled();
    expect(within(earnings).getByText(/at least \$20\.00/)).toBeInTheDocument();
  });
});

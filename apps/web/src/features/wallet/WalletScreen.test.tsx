import type { Wallet } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  idempotencyKeysOf,
  renderWithUser,
  stubLocationAssign,
} from '../money/test/money-test-utils.tsx';
import { WalletScreen } from './WalletScreen.tsx';

const emptyWallet: Wallet = {
  balance: 0,
  currency: 'USD',
  earnings: { pending: 0, withdrawable: 0, in_flight: 0, paid_out: 0 },
  transactions: [],
};

const fullWallet: Wallet = {
  balance: 12.5,
  currency: 'USD',
  earnings: { pending: 7, withdrawable: 25, in_flight: 0, paid_out: 40 },
  transactions: [
    {
      id: 2,
      kind: 'tip',
      amount: -5,
      created_at: '2025-03-02T10:00:00.000Z',
      story_id: 41,
      counterparty: { id: 7, name: 'Grace', slug: 'grace' },
    },
    {
      id: 1,
      kind: 'top_up',
      amount: 17.5,
      created_at: '2025-03-01T10:00:00.000Z',
      story_id: null,
      counterparty: null,
    },
  ],
};

const verified = { verified: true, verifyOndatoAt: '2025-01-01T00:00:00.000Z' };

function renderWallet(path = '/wallet', handlers = {}, user = {}) {
  return renderWithUser(<WalletScreen />, {
    path,
    user,
    handlers: {
      'GET /api/wallet': { body: emptyWallet },
      'GET /api/tips/requests': { body: [] },
      'GET /api/wallet/payouts': { body: [] },
      ...handlers,
    },
  });
}

describe('WalletScreen', () => {
  it('shows a spinner while loading, then the empty wallet', async () => {
    renderWallet();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.getByText('$0.00')).toBeInTheDocument();
    // Someone who never earned and is not verified sees no earnings.
    expect(screen.queryByRole('heading', { name: 'Earnings' })).toBeNull();
  });

  it('offers a retry when the wallet cannot load', async () => {
    renderWallet('/wallet', { 'GET /api/wallet': { status: 500, body: {} } });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows balance, history with kinds in words, earnings and tip requests', async () => {
    renderWallet(
      '/wallet',
      {
        'GET /api/wallet': { body: fullWallet },
        'GET /api/tips/requests': {
          body: [
            {
              id: 9,
              amount: 3,
              message: 'For the coffee',
              created_at: '2025-03-03T10:00:00.000Z',
              requester: { id: 8, name: 'Linus', slug: 'linus', profileImage: null },
            },
          ],
        },
        'GET /api/wallet/payouts': {
          body: [{ id: 1, amount: 40, status: 'paid', created_at: '2025-02-01T10:00:00.000Z' }],
        },
      },
      verified,
    );
    expect(await screen.findByText('$12.50')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Tip');
    expect(rows[0]).toHaveTextContent('Grace');
    expect(rows[0]).toHaveTextContent('-$5.00');
    expect(rows[1]).toHaveTextContent('Top-up');
    expect(rows[1]).toHaveTextContent('+$17.50');

    const earnings = screen.getByRole('region', { name: 'Earnings' });
    expect(within(earnings).getByText('Withdrawable').nextSibling).toHaveTextContent('$25.00');
    expect(within(earnings).getByRole('button', { name: 'Request payout' })).toBeEnabled();
    expect(await within(earnings).findByText('Paid')).toBeInTheDocument();

    const requests = await screen.findByRole('region', { name: 'Tip requests' });
    expect(within(requests).getByText('Linus asks you for $3.00')).toBeInTheDocument();
    expect(within(requests).getByRole('button', { name: 'Pay Linus' })).toBeInTheDocument();
  });

  it('tops up a preset with an idempotency key and goes to the checkout', async () => {
    const assign = stubLocationAssign();
    const { calls, fetchMock } = renderWallet('/wallet', {
      'POST /api/wallet/top-up': { body: { redirectUrl: '/checkout/xyz' } },
    });
    await screen.findByText('No transactions yet');
    await userEvent.click(screen.getByRole('radio', { name: '$25.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Top up $25.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/xyz'));
    expect(calls.find((call) => call.url === '/api/wallet/top-up')?.body).toEqual({
      amount: 25,
      return_to: '/wallet',
    });
    expect(idempotencyKeysOf(fetchMock, '/api/wallet/top-up')[0]).toBeTruthy();
  });

  it('prefills the amount a purchase asked for and returns there after the checkout', async () => {
    stubLocationAssign();
    const { calls } = renderWallet('/wallet?top_up=12.34&return_to=%2Fu%2Fgrace', {
      'POST /api/wallet/top-up': { body: { redirectUrl: '/checkout/1' } },
    });
    await screen.findByText('No transactions yet');
    expect(screen.getByLabelText('Other amount')).toHaveValue('12.34');
    await userEvent.click(screen.getByRole('button', { name: 'Top up $12.34' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/wallet/top-up')?.body).toEqual({
        amount: 12.34,
        return_to: '/u/grace',
      }),
    );
  });

  it('refuses an amount below the minimum without calling', async () => {
    const { calls } = renderWallet();
    await screen.findByText('No transactions yet');
    await userEvent.type(screen.getByLabelText('Other amount'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount');
    expect(calls.some((call) => call.url === '/api/wallet/top-up')).toBe(false);
  });

  it('says how the checkout went when it sends the person back', async () => {
    renderWallet('/wallet?top_up=fail');
    expect(await screen.findByRole('alert')).toHaveTextContent('did not go through');
  });
});

import type { Wallet } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../test/fetch-mock.ts';
import {
  idempotencyKeysOf,
  renderWithUser,
  stubLocationAssign,
} from '../money/test/money-test-utils.tsx';
import { earningsBreakdown, historyLine, walletListHandlers } from './test/wallet-test-data.ts';
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
      ...walletListHandlers,
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
        'GET /api/wallet/history': {
          body: {
            data: [
              historyLine({
                id: 2,
                kind: 'tip',
                direction: 'out',
                amount: 5,
                created_at: '2025-03-02T10:00:00.000Z',
                story_id: 41,
                counterparty: { id: 7, name: 'Grace', slug: 'grace' },
              }),
              historyLine({ id: 1, amount: 17.5 }),
            ],
            next_cursor: null,
          },
        },
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
    const rows = await within(history).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Tip');
    expect(rows[0]).toHaveTextContent('Grace');
    expect(rows[0]).toHaveTextContent('−$5.00');
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

  it("lists a creator's pending earnings with their hold, and breaks the earnings down", async () => {
    // The defect: $31.16 pending, and the wallet's own transactions (wallet moves only) empty.
    const pendingWallet = {
      ...emptyWallet,
      earnings: { pending: 31.16, withdrawable: 0, in_flight: 0, paid_out: 0 },
    };
    renderWallet(
      '/wallet',
      {
        'GET /api/wallet': { body: pendingWallet },
        'GET /api/wallet/history': {
          body: {
            data: [
              historyLine({
                id: 5,
                kind: 'subscription',
                account: 'earnings',
                amount: 27.16,
                gross: 33.95,
                fee: 6.79,
                status: 'pending',
                created_at: '2025-03-02T10:00:00.000Z',
                available_at: '2025-03-09T10:00:00.000Z',
                counterparty: { id: 8, name: 'Linus', slug: 'linus' },
              }),
              historyLine({
                id: 4,
                kind: 'tip',
                account: 'earnings',
                amount: 4,
                gross: 5,
                fee: 1,
                status: 'pending',
                available_at: '2025-03-08T10:00:00.000Z',
                counterparty: { id: 8, name: 'Linus', slug: 'linus' },
              }),
            ],
            next_cursor: null,
          },
        },
        'GET /api/wallet/earnings': {
          body: earningsBreakdown({
            sources: [
              { kind: 'unlock', count: 0, gross: 0, fees: 0, net: 0 },
              { kind: 'tip', count: 1, gross: 5, fees: 1, net: 4 },
              { kind: 'subscription', count: 1, gross: 33.95, fees: 6.79, net: 27.16 },
              { kind: 'dm_purchase', count: 0, gross: 0, fees: 0, net: 0 },
              { kind: 'stream_entry', count: 0, gross: 0, fees: 0, net: 0 },
            ],
            totals: { gross: 38.95, fees: 7.79, net: 31.16, reversed: 0 },
            stages: pendingWallet.earnings,
            next_release_at: '2025-03-08T10:00:00.000Z',
          }),
        },
      },
      verified,
    );
    const history = await screen.findByRole('region', { name: 'History' });
    const rows = await within(history).findAllByRole('listitem');
    expect(screen.queryByText('No transactions yet')).toBeNull();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Subscription');
    expect(rows[0]).toHaveTextContent('from Linus');
    expect(rows[0]).toHaveTextContent('+$27.16');
    expect(rows[0]).toHaveTextContent('$33.95 paid, $6.79 fee');
    expect(rows[0]).toHaveTextContent('Pending until Mar 9, 2025');
    expect(rows[1]).toHaveTextContent('Pending until Mar 8, 2025');

    const breakdown = await screen.findByRole('region', { name: 'Where your earnings come from' });
    const amountOf = (label: string) => within(breakdown).getByText(label).closest('div');
    expect(amountOf('Tips')).toHaveTextContent('(1)$5.00');
    expect(amountOf('Subscriptions')).toHaveTextContent('$33.95');
    expect(amountOf('Paid messages')).toHaveTextContent('$0.00');
    expect(amountOf('Platform fee')).toHaveTextContent('−$7.79');
    expect(amountOf('Your earnings')).toHaveTextContent('$31.16');
    expect(breakdown).toHaveTextContent('pending for 7 days');
    expect(breakdown).toHaveTextContent('Next release: Mar 8, 2025.');
  });

  it('loads older history on demand, after the cursor', async () => {
    const { calls } = renderWallet('/wallet', {
      'GET /api/wallet/history': (call: RecordedCall) =>
        call.url.includes('cursor=7')
          ? { body: { data: [historyLine({ id: 6, amount: 3 })], next_cursor: null } }
          : { body: { data: [historyLine({ id: 7, amount: 4 })], next_cursor: '7' } },
    });
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByRole('listitem')).toHaveTextContent('+$4.00');
    await userEvent.click(within(history).getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent('+$3.00');
    expect(within(history).queryByRole('button', { name: 'Show older' })).toBeNull();
    expect(calls.filter((call) => call.url.startsWith('/api/wallet/history'))).toHaveLength(2);
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

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SubscribeDialog, type SubscribeCreator } from './SubscribeDialog.tsx';
import { parseMarker } from './purchase-resume.ts';
import { idempotencyKeysOf, renderWithUser, stubLocationAssign } from './test/money-test-utils.tsx';

const creator: SubscribeCreator = {
  id: 42,
  name: 'Grace',
  subscribePrice: 9.99,
  benefits: ['Weekly live Q&A', 'All stories unlocked'],
  bundles: [
    { period: 6, discount: 15, isEnabled: true },
    { period: 3, discount: 10, isEnabled: true },
    { period: 12, discount: 30, isEnabled: false },
  ],
};

function renderSubscribe(handlers = {}) {
  return renderWithUser(<SubscribeDialog open onOpenChange={() => undefined} creator={creator} />, {
    handlers,
  });
}

describe('SubscribeDialog', () => {
  it('lists the benefits, the monthly price and the enabled bundles with their totals', async () => {
    renderSubscribe();
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Grace' });
    expect(within(dialog).getByText('Weekly live Q&A')).toBeInTheDocument();
    const options = within(dialog).getAllByRole('radio');
    // 9.99 x 3 = 29.97 less 10% = 26.973 -> 26.97; 9.99 x 6 = 59.94 less 15% = 50.949 -> 50.95.
    expect(options.map((radio) => radio.closest('label')?.textContent)).toEqual([
      '1 month$9.99',
      '3 months-10%$26.97',
      '6 months-15%$50.95',
    ]);
    expect(options[0]).toBeChecked();
    expect(within(dialog).queryByText(/12 months/)).toBeNull();
  });

  it('pays the chosen bundle from the wallet with an idempotency key', async () => {
    const { calls, fetchMock } = renderSubscribe({
      'POST /api/users/42/subscribe': { body: { success: true } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Grace' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /3 months/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe for $26.97' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/users/42/subscribe')?.body).toEqual({
        period: 3,
      }),
    );
    expect(idempotencyKeysOf(fetchMock, '/api/users/42/subscribe')[0]).toBeTruthy();
  });

  it('follows redirectUrl to top up, remembering the subscription to finish on return', async () => {
    const assign = stubLocationAssign();
    renderSubscribe({
      'POST /api/users/42/subscribe': { body: { redirectUrl: '/checkout/abc' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Grace' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /6 months/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe for $50.95' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/abc'));
    const pending = parseMarker(window.sessionStorage.getItem('glimpse.pendingPurchase'));
    expect(pending).toMatchObject({ kind: 'subscribe', userId: 42, period: 6 });
  });
});

import type { Wallet } from '@glimpse/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { landing, renderScreen, testQueryClient } from '../../test/render.tsx';
import { walletListHandlers } from '../wallet/test/wallet-test-data.ts';
import { WalletScreen } from '../wallet/WalletScreen.tsx';

// The banner's card is a lazy chunk: loaded up front, a cold import is slow on a loaded runner.
beforeAll(async () => {
  await import('./two-factor/TwoFactorBannerCard.tsx');
}, 60_000);

const wallet: Wallet = {
  balance: 0,
  currency: 'USD',
  earnings: { pending: 0, withdrawable: 25, in_flight: 0, paid_out: 0 },
  transactions: [],
};
const creator = { verified: true, verifyOndatoAt: '2025-01-01T00:00:00.000Z' };
const bannerName = 'Protect your earnings: turn on two-factor';

function renderWallet(user = makeUser()) {
  mockFetch({
    'GET /api/auth/session': { body: { user } },
    'GET /api/wallet': { body: wallet },
    ...walletListHandlers,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  return renderScreen(<WalletScreen />, {
    path: '/me/wallet',
    pattern: '/me/wallet',
    queryClient,
    extraRoutes: [landing('/me/settings/security')],
  });
}

describe('the wallet’s two-factor banner', () => {
  it('asks a creator who earns and has no second factor, and leads to the settings', async () => {
    renderWallet(makeUser({ ...creator, two_factor_enabled: false }));
    const banner = await screen.findByRole('region', { name: bannerName });
    await userEvent.click(within(banner).getByRole('link', { name: 'Turn on two-factor' }));
    expect(await screen.findByText('landed on /me/settings/security')).toBeInTheDocument();
  });

  it('is gone once the creator has two-factor on', async () => {
    renderWallet(makeUser({ ...creator, two_factor_enabled: true }));
    expect(await screen.findByRole('heading', { name: 'Balance' })).toBeVisible();
    expect(screen.queryByRole('region', { name: bannerName })).toBeNull();
  });

  it('is not shown to someone who does not earn', async () => {
    renderWallet(makeUser({ verified: false, verifyOndatoAt: null, two_factor_enabled: false }));
    expect(await screen.findByRole('heading', { name: 'Balance' })).toBeVisible();
    expect(screen.queryByRole('region', { name: bannerName })).toBeNull();
  });
});

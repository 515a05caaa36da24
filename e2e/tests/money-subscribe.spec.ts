import { expect, test } from '@playwright/test';
import { registerViewer, SEED_TIMEOUT_MS } from '../support/home.ts';
import { topUpViaSandbox, usd, walletOf } from '../support/money.ts';
import { storyGroup, userIdBySlug, waitForReadyStories } from '../support/stories.ts';
import { ANNA } from '../support/viewer.ts';

// Issue 10, spec 3/9: the subscribe dialog lists the benefits, the monthly price and the
// creator's bundles; a 3-month bundle costs price x 3 less its discount, paid from the wallet,
// and opens the creator's priced stories.

const MONTHLY = 4.99; // Anna's price in the demo seed, with a 3-month bundle at -10%.
const THREE_MONTHS = Math.round(MONTHLY * 3 * 0.9 * 100) / 100; // 13.47

test('subscribes for a 3-month bundle from the wallet', async ({ page, baseURL }) => {
  test.setTimeout(SEED_TIMEOUT_MS + 60_000);
  await registerViewer(page, baseURL);
  const annaId = await userIdBySlug(page, ANNA.slug);
  await waitForReadyStories(page, annaId, ANNA.stories);
  await topUpViaSandbox(page, 20);

  await page.goto(`/u/${ANNA.slug}`);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Subscribe to ${ANNA.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Full access to every story')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /^1 month/ })).toBeVisible();
  await expect(dialog.getByText(usd(MONTHLY), { exact: true })).toBeVisible();

  await dialog.getByRole('radio', { name: /^3 months/ }).check();
  await dialog.getByRole('button', { name: `Subscribe for ${usd(THREE_MONTHS)}` }).click();
  await expect(page.getByText(`You are subscribed to ${ANNA.name}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Subscribed until /)).toBeVisible();

  const wallet = await walletOf(page);
  expect(wallet.balance).toBeCloseTo(20 - THREE_MONTHS, 2);
  expect(wallet.transactions.filter((line) => line.kind === 'subscription')).toHaveLength(1);
  const state = await (await page.request.get(`/api/users/${annaId}/subscription`)).json();
  expect(state).toMatchObject({ subscribed: true, period: 3, renews: true });
  // Roughly three months of access.
  const days = (Date.parse(state.expires_at) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(85);
  expect(days).toBeLessThan(95);
  // The subscription opens the priced story.
  const group = await storyGroup(page, annaId);
  expect(group.stories.every((story) => story.isAvailable)).toBe(true);
});

import { expect, test } from '@playwright/test';
import { registerViewer } from '../support/home.ts';
import { topUpViaSandbox } from '../support/money.ts';
import { userIdBySlug, waitForReadyStories } from '../support/stories.ts';
import { FATIMA, holdMedia, PHONE, skipGuide } from '../support/viewer.ts';

// Issue 25, a second language: a browser set to German gets the app in German, with money as
// German writes it ("5,00 $"), on home, in the story viewer and in the wallet. Nobody chose the
// language: it comes from the browser's (navigator.languages).
test.use({ locale: 'de-DE', viewport: PHONE });

/** Money as the app writes it in German: Intl's own output, so the test follows the engine. */
const euroStyle = (amount: number) =>
  new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(amount);

test('a German browser gets home, the story viewer and the wallet in German', async ({
  page,
  baseURL,
}) => {
  // Fatima's seeded images must have been processed (slow while the demo seed's media is).
  test.setTimeout(150_000);
  await registerViewer(page, baseURL);
  await skipGuide(page);
  await holdMedia(page);
  await topUpViaSandbox(page, 5);
  expect(euroStyle(5)).toMatch(/^5,00\s\$$/);
  const fatimaId = await userIdBySlug(page, FATIMA.slug);
  await waitForReadyStories(page, fatimaId, FATIMA.stories);

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(nav.getByRole('link', { name: 'Start' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Storys' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Entdecken' })).toBeVisible();
  // The header's balance, in German.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Wallet' })).toContainText(
    euroStyle(5),
  );

  // The viewer, opened from Fatima's profile (its texts load with it, German ones too).
  await page.goto(`/u/${FATIMA.slug}`);
  await page.getByRole('button', { name: `Storys von ${FATIMA.name} ansehen` }).click();
  const viewer = page.getByRole('dialog', { name: `Storys von ${FATIMA.name}` });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(`Story 1 von ${FATIMA.stories}`)).toBeAttached();
  await expect(viewer.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Nächste Story' })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  const balance = page.getByRole('region', { name: 'Guthaben' });
  await expect(balance.getByText(euroStyle(5), { exact: true })).toBeVisible();
  await expect(balance.getByRole('button', { name: /^\d+,\d\d\s\$ aufladen$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verlauf' })).toBeVisible();
  await expect(page.getByText('Aufladung', { exact: true }).first()).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { registerViewer, SEED_TIMEOUT_MS } from '../support/home.ts';
import { walletOf } from '../support/money.ts';
import {
  storyRing,
  userIdBySlug,
  viewerDialog,
  viewerPosition,
  waitForReadyStories,
} from '../support/stories.ts';
import { ANNA, skipGuide } from '../support/viewer.ts';

// Issue 10: a viewer with an empty wallet taps Unlock, meets "not enough money", tops up in the
// sandbox checkout, comes back, and the purchase finishes by itself: the story shows.

const PRICE = 2.99; // Anna's second story (demo seed: the first verified creator's price).

test('an empty wallet tops up in the sandbox checkout and comes back to the unlocked story', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(SEED_TIMEOUT_MS + 120_000);
  await registerViewer(page, baseURL);
  await skipGuide(page);
  const annaId = await userIdBySlug(page, ANNA.slug);
  const group = await waitForReadyStories(page, annaId, ANNA.stories);
  expect(group.stories[1]).toMatchObject({ isAvailable: false, price: PRICE });
  expect((await walletOf(page)).balance).toBe(0);

  await page.goto(`/u/${ANNA.slug}`);
  await storyRing(page, ANNA.name).click();
  const viewer = viewerDialog(page, ANNA.name);
  await expect(viewer).toBeVisible({ timeout: 30_000 });
  await viewer.getByRole('button', { name: 'Pause' }).click();
  if ((await viewerPosition(viewer).textContent()) === `Story 1 of ${ANNA.stories}`)
    await page.keyboard.press('ArrowRight');
  const card = viewer.getByRole('group', { name: 'This story is locked' });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Unlock', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(`Unlock this story for $${PRICE}?`);
  await confirm.getByRole('button', { name: 'Yes' }).click();

  const insufficient = page.getByRole('dialog', { name: 'Not enough money' });
  await expect(insufficient).toBeVisible();
  await insufficient.getByRole('button', { name: /^Top up / }).click();

  // The provider's hosted page (the sandbox stands in for it).
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();

  // Back on the profile: the unlock runs again with the new money and the story opens.
  await expect(page).toHaveURL(new RegExp(`/u/${ANNA.slug}`));
  const reopened = viewerDialog(page, ANNA.name);
  await expect(reopened).toBeVisible({ timeout: 30_000 });
  await expect(viewerPosition(reopened)).toHaveText(`Story 2 of ${ANNA.stories}`);
  await expect(reopened.getByRole('group', { name: 'This story is locked' })).toHaveCount(0);
  const picture = reopened.locator('img[src*="/media/"]').first();
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // Paid once: the wallet holds the top-up less the price, and the story is the viewer's now.
  const wallet = await walletOf(page);
  expect(wallet.transactions.map((line) => line.kind).sort()).toEqual(['top_up', 'unlock']);
  const topUp = wallet.transactions.find((line) => line.kind === 'top_up')!.amount;
  expect(wallet.balance).toBeCloseTo(topUp - PRICE, 2);
  const after = await waitForReadyStories(page, annaId, ANNA.stories);
  expect(after.stories[1]?.isAvailable).toBe(true);
});

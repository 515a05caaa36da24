import { VIEWER } from './dataset.ts';
import { expectScreen, expect, signInAs, test } from './screen.ts';

test.beforeEach(async ({ page }) => {
  await signInAs(page, VIEWER);
});

test('messages placeholder', async ({ page }) => {
  await page.goto('/messages');
  await expect(
    page.getByText('Your conversations will show here once messaging opens.'),
  ).toBeVisible();
  await expectScreen(page, 'messages');
});

test('wallet placeholder', async ({ page }) => {
  await page.goto('/wallet');
  await expect(
    page.getByText('Your balance and transactions will show here once the wallet opens.'),
  ).toBeVisible();
  await expectScreen(page, 'wallet');
});

test('404', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectScreen(page, 'not-found');
});

import { VIEWER } from './dataset.ts';
import { expectScreen, expect, signInAs, test } from './screen.ts';

// The messages list has its own test, with its conversations (messaging.visual.ts).
test('an empty wallet, and 404', async ({ page }) => {
  await signInAs(page, VIEWER);
  // The wallet of someone who never paid: zero balance, top-up amounts, empty history.
  await page.goto('/wallet');
  await expect(page.getByText('No transactions yet')).toBeVisible();
  await expectScreen(page, 'wallet');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectScreen(page, 'not-found');
});

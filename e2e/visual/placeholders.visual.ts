import { VIEWER } from './dataset.ts';
import { expectScreen, expect, signInAs, test } from './screen.ts';

test('placeholders and 404: messages, wallet, an unknown address', async ({ page }) => {
  await signInAs(page, VIEWER);
  await page.goto('/messages');
  await expect(
    page.getByText('Your conversations will show here once messaging opens.'),
  ).toBeVisible();
  await expectScreen(page, 'messages');

  await page.goto('/wallet');
  await expect(
    page.getByText('Your balance and transactions will show here once the wallet opens.'),
  ).toBeVisible();
  await expectScreen(page, 'wallet');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectScreen(page, 'not-found');
});

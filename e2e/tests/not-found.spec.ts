import { expect, test } from '@playwright/test';
import { signInAsDemo } from '../support/accounts.ts';

test('an unknown route shows the 404 screen', async ({ page }) => {
  await page.goto('/this/route/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  // Home needs a session, so a signed-out visitor ends on sign-in.
  await expect(page).toHaveURL('/sign-in');
});

test('an unknown user profile shows the 404 screen', async ({ page }) => {
  await signInAsDemo(page, 'lucas');
  await page.goto('/u/no-such-user');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL('/404');
});

import { expectScreen, test, expect } from './screen.ts';

// Signed out: the two forms a new visitor meets first.

test('sign-in', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in to Glimpse' })).toBeVisible();
  await expectScreen(page, 'sign-in');
});

test('sign-up, empty and after a submit with nothing filled in', async ({ page }) => {
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Create your Glimpse account' })).toBeVisible();
  // The countries arrive from the API; the screen is complete once they are in the select.
  await expect(
    page.getByLabel('Country', { exact: true }).getByRole('option', { name: 'France' }),
  ).toBeAttached();
  await expectScreen(page, 'sign-up');

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Something is missing', { exact: false }).first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectScreen(page, 'sign-up-errors');
});

import { expectScreen, test, expect } from './screen.ts';

test('signed out: sign-in, sign-up, sign-up with its errors', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in to Glimpse' })).toBeVisible();
  await expectScreen(page, 'sign-in');

  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Create your Glimpse account' })).toBeVisible();
  // The countries arrive from the API; the form is complete once they are in the select.
  await expect(
    page.getByLabel('Country', { exact: true }).getByRole('option', { name: 'France' }),
  ).toBeAttached();
  await expectScreen(page, 'sign-up');

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('Something is missing. Please check the fields marked below.'),
  ).toBeVisible();
  // Submitting moves focus (and the scroll position) to the first field in error: start at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectScreen(page, 'sign-up-errors');
});

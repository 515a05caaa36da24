import { expect, test } from '@playwright/test';

// Three page loads of the built app, slow on a busy 2-core runner.
test.describe.configure({ timeout: 120_000 });

/**
 * An anonymous visitor is a normal state, not an error: the pages they can reach log nothing to
 * the console and get no error answer (a 401 for the session would show as a console error).
 */
test('an anonymous visit to /, /sign-in and /sign-up logs no console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });

  await page.goto('/');
  // The home page is behind sign-in: the visitor lands on the form.
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.goto('/sign-up');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(problems).toEqual([]);
});

import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  demoEmail,
  signIn,
  signInAsDemo,
  signOutFromProfile,
} from '../support/accounts.ts';

// Each test signs in as its own demo account, so no session or rate limit is shared.
// Phone-sized: the home header checked here is the phone's (a desktop's rail carries the logo and
// wallet instead, see layout-shell.spec.ts).
test.use({ viewport: { width: 390, height: 844 } });

test('a demo account signs in and sees the home header', async ({ page }) => {
  await signInAsDemo(page, 'anna');
  await expect(page).toHaveURL('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Filters' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Glimpse' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet');
});

test('signing out from the own profile ends the session', async ({ page }) => {
  await signInAsDemo(page, 'mia');
  await page.goto('/me');
  await expect(page.getByTestId('user-name-label')).toHaveText(/^@mia-becker/);
  await signOutFromProfile(page);

  await expect(page.getByRole('heading', { name: 'Sign in to Glimpse' })).toBeVisible();
  // The server session is gone too: the profile now needs a sign-in again.
  await page.goto('/me');
  await expect(page).toHaveURL('/sign-in?next=%2Fme');
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);
});

test('a wrong password shows the invalid credentials message', async ({ page }) => {
  await signIn(page, demoEmail('noah'), `${DEMO_PASSWORD}-wrong`);
  await expect(page.getByRole('alert')).toHaveText('The email or password is not correct.');
  await expect(page).toHaveURL('/sign-in');
});

test('a protected route sends a signed-out visitor to sign in and back', async ({ page }) => {
  await page.goto('/me/edit');
  await expect(page).toHaveURL('/sign-in?next=%2Fme%2Fedit');
  await signIn(page, demoEmail('olivia'), DEMO_PASSWORD);
  await expect(page).toHaveURL('/me/edit');
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Olivia Brown');
});

test('the password can be shown, and the privacy policy is one tap away', async ({ page }) => {
  await page.goto('/sign-in');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('not so secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await page.getByRole('link', { name: 'Privacy Policy', exact: true }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: '3. Cookies and local storage' }),
  ).toBeVisible();
  // Long text on a phone: it wraps, nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

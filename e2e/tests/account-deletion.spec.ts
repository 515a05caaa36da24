import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { dateYearsAgo, SIGN_UP_CONSENT, uniqueEmail } from '../support/accounts.ts';
import { horizontalOverflow } from '../support/layout.ts';
import { DESKTOP, PHONE } from '../support/viewer.ts';

// Issue 27: deleting one's account from Account security hides it at once and signs every device
// out; signing in again before the erasure date and choosing Keep my account brings it back.

/** A fresh account signed in through the API (the context keeps the cookie). */
async function signedUp(page: Page, name: string) {
  const account = {
    email: uniqueEmail('deletion'),
    password: `e2e pass ${randomBytes(6).toString('hex')}`,
    name,
  };
  const response = await page.request.post('/api/auth/register', {
    data: {
      ...account,
      birthdate: dateYearsAgo(29),
      sex: 'female',
      country_code: 'de',
      ...SIGN_UP_CONSENT,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

const searchFinds = async (page: Page, name: string) =>
  (await (await page.request.get(`/api/search?q=${encodeURIComponent(name)}`)).json()).data.length >
  0;

test('deleting an account hides it and signs out; signing in again keeps it (phone)', async ({
  browser,
  baseURL,
}) => {
  const page = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  const name = `Delia ${randomBytes(3).toString('hex')}`;
  const account = await signedUp(page, name);
  const other = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  await signedUp(other, 'Otto Other');
  expect(await searchFinds(other, name)).toBe(true);

  await page.goto('/me/settings/security');
  const card = page.getByRole('region', { name: 'Delete account' });
  await card.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('heading', { name: 'What happens' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();

  const done = page.getByRole('alertdialog', { name: 'Your account will be deleted' });
  await expect(done).toContainText('Every device is signed out');
  // Hidden from others at once.
  expect(await searchFinds(other, name)).toBe(false);
  await done.getByRole('button', { name: 'Go to sign-in' }).click();
  await expect(page).toHaveURL('/sign-in');
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  // Back before the date: the banner says when, and keeps the account.
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto('/me/settings');
  const banner = page.getByRole('region', { name: /^Your account will be deleted on / });
  await expect(banner).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  await banner.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account is kept' })).toBeVisible();
  expect(await searchFinds(other, name)).toBe(true);
});

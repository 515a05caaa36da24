import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { dateYearsAgo, SIGN_UP_CONSENT, signIn, uniqueEmail } from '../support/accounts.ts';
import { openMailedLink } from '../support/mailbox.ts';
import { DESKTOP, PHONE } from '../support/viewer.ts';

// Issue 27: a forgotten password comes back through a mailed link (read in the development
// mailbox, where the server writes its mails without SMTP_URL), and a device signed in elsewhere
// can be signed out from the account security settings.

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 ' +
  '(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Signs a new account up through the API in `page`'s context; answers its address. */
async function registerWith(page: Page, password: string): Promise<string> {
  const email = uniqueEmail('account');
  const response = await page.request.post('/api/auth/register', {
    data: {
      email,
      password,
      name: `Rhea ${randomBytes(3).toString('hex')}`,
      birthdate: dateYearsAgo(29),
      sex: 'female',
      country_code: 'de',
      ...SIGN_UP_CONSENT,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

const signedInUser = async (page: Page) =>
  ((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user;

test('a forgotten password: the mail in the dev mailbox, a new password, signed in (phone)', async ({
  browser,
  baseURL,
}) => {
  const oldPassword = `old pass ${randomBytes(6).toString('hex')}`;
  const newPassword = `new pass ${randomBytes(6).toString('hex')}`;
  // The account is signed in on another device, which the reset signs out.
  const elsewhere = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  const email = await registerWith(elsewhere, oldPassword);
  expect(await signedInUser(elsewhere)).not.toBeNull();

  const page = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();

  await openMailedLink(
    page,
    { to: email, subject: 'Reset your Glimpse password' },
    '/reset-password',
  );
  const link = page.url();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Wallet' })).toBeVisible();

  // Every other session ended; the link worked once; the old password is gone.
  expect(await signedInUser(elsewhere)).toBeNull();
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(`again ${newPassword}`);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
  const old = await elsewhere.request.post('/api/auth/login', {
    data: { email, password: oldPassword },
  });
  expect(old.status()).toBe(401);
  await signIn(elsewhere, email, newPassword);
  await expect(elsewhere).toHaveURL('/');
  await expect(elsewhere.getByRole('link', { name: 'Wallet' })).toBeVisible();

  await page.context().close();
  await elsewhere.context().close();
});

test('signs out another device from the account security settings (desktop)', async ({
  browser,
  baseURL,
}) => {
  const password = `e2e pass ${randomBytes(6).toString('hex')}`;
  const page = await (await browser.newContext({ baseURL, viewport: DESKTOP })).newPage();
  const email = await registerWith(page, password);
  const phone = await (
    await browser.newContext({ baseURL, viewport: PHONE, userAgent: IPHONE_SAFARI })
  ).newPage();
  await signIn(phone, email, password);
  await expect(phone).toHaveURL('/');

  await page.goto('/me/settings/security');
  const devices = page.getByRole('list', { name: 'Devices signed in to your account' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  const iphone = devices.getByRole('listitem').filter({ hasText: 'iOS' });
  await expect(iphone).toBeVisible();
  await iphone.getByRole('button', { name: /^Sign out / }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Only this device is signed in.')).toBeVisible();

  // The phone's session is over: its next screen asks it to sign in.
  await phone.goto('/wallet');
  await expect(phone).toHaveURL(/\/sign-in/);
  expect(await signedInUser(phone)).toBeNull();
  // This device is still signed in.
  expect(await signedInUser(page)).not.toBeNull();

  await page.context().close();
  await phone.context().close();
});

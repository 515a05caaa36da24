import { expect, test } from '@playwright/test';
import { dateYearsAgo, fillSignUp, newUser, signIn, submitSignUp } from '../support/accounts.ts';

test('a new adult signs up with sex and country and lands signed in', async ({ page }) => {
  const user = newUser({
    name: 'Erin McTESTER',
    sex: 'Transgender',
    country: 'Japan',
    countryCode: 'jp',
  });
  await fillSignUp(page, user);
  // The chosen country shows its flag next to the select.
  await expect(page.getByTestId('country-flag')).toHaveClass(/\bfi-jp\b/);
  await submitSignUp(page);

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Wallet' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page).toHaveURL('/me');
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await expect(page.getByText('Erin McTESTER', { exact: true })).toBeVisible();
  await expect(page.getByTestId('user-name-label')).toHaveText(/^@erin-mctester/);

  // The session is a real cookie: a full reload stays signed in.
  await page.reload();
  await expect(page.getByTestId('user-name-label')).toHaveText(/^@erin-mctester/);
});

test('an under-18 birthdate shows the underage error and creates no account', async ({ page }) => {
  const user = newUser({ birthdate: dateYearsAgo(17) });
  const registerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/register')) registerCalls.push(request.method());
  });
  await fillSignUp(page, user);
  await submitSignUp(page);

  await expect(page.getByLabel('Birthdate', { exact: true })).toHaveAccessibleDescription(
    /You must be at least 18 years old\./,
  );
  await expect(page.getByRole('alert')).toContainText('Something is missing');
  await expect(page).toHaveURL('/sign-up');
  expect(registerCalls).toEqual([]);

  // Nothing was created: those credentials do not sign in.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('The email or password is not correct.');
});

test('a common password is refused with its own message', async ({ page }) => {
  const user = newUser({ password: 'password123' });
  await fillSignUp(page, user);
  await submitSignUp(page);

  // A refusal about one field shows under that field only (issue 9).
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    /too easy to guess/,
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL('/sign-up');
});

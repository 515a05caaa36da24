import { randomBytes } from 'node:crypto';
import { TERMS_VERSION } from '@glimpse/contract';
import { expect, type Page } from '@playwright/test';
import { confirmAddressByMail } from './mailbox.ts';

/** Seeded by the demo seed on the fresh data dir (see the README's demo accounts). */
export const DEMO_PASSWORD = 'glimpse-demo-2026';
export const demoEmail = (firstName: string) => `${firstName.toLowerCase()}@demo.glimpse.app`;

/** An email no other test (or earlier run against the same server) has used. */
export function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;
}

/** `YYYY-MM-DD` for the date `years` years before today (local time, as the browser sees it). */
export function dateYearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The consent every sign-up carries (docs/decisions.md, "Sign-up consent"): spread into the
 * body of each POST /api/auth/register a test sends itself.
 */
export const SIGN_UP_CONSENT = {
  accept_terms: true,
  confirm_adult: true,
  terms_version: TERMS_VERSION,
} as const;

export interface NewUser {
  email: string;
  password: string;
  name: string;
  birthdate: string;
  sex: 'Male' | 'Female' | 'Transgender';
  /** The country's name as the select shows it. */
  country: string;
  /** Its lower-case ISO code, used for the flag (`fi fi-xx`). */
  countryCode: string;
}

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  return {
    email: uniqueEmail(),
    password: `e2e pass ${randomBytes(6).toString('hex')}`,
    name: 'Erin Tester',
    birthdate: dateYearsAgo(30),
    sex: 'Female',
    country: 'France',
    countryCode: 'fr',
    ...overrides,
  };
}

/** Opens /sign-up and fills the form, consent boxes ticked, without submitting it. */
export async function fillSignUp(page: Page, user: NewUser): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Birthdate', { exact: true }).fill(user.birthdate);
  await page
    .getByRole('group', { name: 'Sex' })
    .getByRole('radio', { name: user.sex, exact: true })
    .check();
  const country = page.getByLabel('Country', { exact: true });
  // Options arrive from GET /api/countries; wait for ours before choosing it.
  await expect(country.getByRole('option', { name: user.country, exact: true })).toBeAttached();
  await country.selectOption({ label: user.country });
  await page
    .getByRole('checkbox', { name: 'I agree to the Terms of Service and the Privacy Policy.' })
    .check();
  await page
    .getByRole('checkbox', { name: 'I confirm that I am 18 years of age or older.' })
    .check();
}

export const submitSignUp = (page: Page) =>
  page.getByRole('button', { name: 'Create account' }).click();

/**
 * Signs up a fresh adult user through the UI and waits until the app shows them signed in; the
 * address is then confirmed through its mail (paying and earning need that).
 */
export async function signUp(page: Page, overrides: Partial<NewUser> = {}): Promise<NewUser> {
  const user = newUser(overrides);
  await fillSignUp(page, user);
  await submitSignUp(page);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Wallet' })).toBeVisible();
  await confirmAddressByMail(page.request, user.email);
  return user;
}

/** Signs in through the form on the current page, or on /sign-in when not already there. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/sign-in')) await page.goto('/sign-in');
  // The address bar changes before the screen does: a link from sign-up keeps that form, with its
  // own Email and Password fields, up while the sign-in screen loads.
  await expect(page.getByRole('heading', { name: 'Sign in to Glimpse' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs out on the own profile, once the buttons hold still: the verification entry above them
 * shows a spinner until its status arrives and then grows (a line and a button for anyone not yet
 * verified), and a click sent in that moment lands where Sign out was (seen in CI under load).
 */
export async function signOutFromProfile(page: Page): Promise<void> {
  if (new URL(page.url(), 'http://x').pathname !== '/me') await page.goto('/me');
  const signOut = page.getByRole('button', { name: 'Sign out', exact: true });
  await expect(signOut).toBeVisible();
  await expect(page.getByText('Loading verification status')).toHaveCount(0);
  await signOut.click();
  await expect(page).toHaveURL('/sign-in');
}

export async function signInAsDemo(page: Page, firstName: string): Promise<void> {
  await signIn(page, demoEmail(firstName), DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

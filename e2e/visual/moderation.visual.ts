import type { APIRequestContext, Page } from '@playwright/test';
import { ensureModerationDataset } from './moderation-dataset.ts';
import {
  HISTORY_USER,
  LONG_NAMED_OWNER,
  MODERATOR,
  REPORT_DIALOG_REPORTER,
  signInAsModerationPerson,
  slugOf,
  STANDING_USER,
} from './moderation-people.ts';
import { presentTimesAtFixedNow } from './moderation-times.ts';
import { PASSWORD } from './dataset.ts';
import { expect, expectScreen, test } from './screen.ts';

// Issue 29's screens with realistic volumes (moderation-dataset.ts): the console's queue with
// dozens of items, an item opened, an account's history, the audit log, an account's standing
// and a suspended account's sign-in. Reads only: nothing is decided here.

let open: () => Promise<APIRequestContext>;

test.beforeEach(async ({ playwright, baseURL }) => {
  test.setTimeout(300_000);
  if (!baseURL) throw new Error('baseURL is not configured');
  const origin = new URL(baseURL).origin;
  open = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: origin } });
  await ensureModerationDataset(open);
});

const onPhone = () => test.info().project.name.startsWith('phone');

async function openConsole(page: Page, tab?: string): Promise<void> {
  await presentTimesAtFixedNow(page);
  await signInAsModerationPerson(page, MODERATOR);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Moderation' })).toBeVisible();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

test('moderation console: the queue, and an item opened', async ({ page }) => {
  await openConsole(page);
  const queue = page.getByRole('list', { name: 'Reports' });
  await expect(queue.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(/\d+ items waiting/)).toBeVisible();
  await expectScreen(page, 'moderation-queue');

  await queue
    .getByRole('button', {
      name: 'Open Account by Oluwadamilareoluwa Babatundeolumide Adeyemi-Okoro',
    })
    .click();
  await expect(page.getByRole('heading', { name: /^Account #\d+$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What reporters wrote' })).toBeVisible();
  // On the phone the item replaces the list: the whole of it, down to the decisions.
  await expectScreen(page, 'moderation-queue-item', { wholePage: onPhone() });
});

test('moderation console: an account with its history', async ({ page }) => {
  await openConsole(page, 'Users');
  await page.getByLabel('Find an account').fill('Konstantin');
  await page.getByRole('button', { name: `Open ${HISTORY_USER.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Decisions' })).toBeVisible();
  await expect(page.getByText('Payouts held')).toBeVisible();
  await expectScreen(page, 'moderation-user-history', { wholePage: onPhone() });
});

test('moderation console: the audit log', async ({ page }) => {
  await openConsole(page, 'Audit log');
  const log = page.getByRole('list', { name: 'Audit log' });
  await expect(log.getByRole('listitem').nth(10)).toBeAttached();
  await expectScreen(page, 'moderation-audit');
});

test('account standing: warned, a message taken down and appealed, payouts held', async ({
  page,
}) => {
  await presentTimesAtFixedNow(page);
  await signInAsModerationPerson(page, STANDING_USER);
  await page.goto('/me/settings/standing');
  await expect(page.getByRole('heading', { name: 'Warnings' })).toBeVisible();
  await expectScreen(page, 'account-standing', { wholePage: onPhone() });
});

test('a suspended account signs in: refused, with the way to its standing and appeal', async ({
  page,
}) => {
  await presentTimesAtFixedNow(page);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(HISTORY_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const link = page.getByRole('link', { name: 'See why your account is suspended, and appeal' });
  await expect(link).toBeVisible();
  await expectScreen(page, 'sign-in-suspended');

  // The refusal's standing token opens the account's standing and its appeals, no session.
  await link.click();
  await expect(page.getByRole('heading', { name: "Your account's standing" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Removed content' })).toBeVisible();
  await expect(page.getByLabel('Why should the suspension be lifted?')).toBeVisible();
  await expectScreen(page, 'suspended-standing', { wholePage: true });
});

test('reporting an account with a long name: the report dialog', async ({ page }) => {
  const slug = await slugOf(open, LONG_NAMED_OWNER);
  await signInAsModerationPerson(page, REPORT_DIALOG_REPORTER);
  await page.goto(`/u/${slug}`);
  await expect(page.getByRole('heading', { name: LONG_NAMED_OWNER.name })).toBeVisible();
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: `Report ${LONG_NAMED_OWNER.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this account' });
  await expect(dialog).toBeVisible();
  // Filled in, not sent: the screens only read.
  await dialog.getByLabel('Something else').check();
  await dialog
    .getByLabel('Tell us more')
    .fill(
      'Uses my photos and my name, and tells people I moved to this account. Several of my followers already paid for stories here. I can confirm who I am.',
    );
  await expectScreen(page, 'report-dialog');
});

test('the public copyright notice form', async ({ page }) => {
  await page.goto('/copyright');
  await expect(
    page.getByRole('heading', { name: 'Report a copyright infringement' }),
  ).toBeVisible();
  await expectScreen(page, 'copyright-notice', { wholePage: true });
});

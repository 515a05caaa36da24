import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The development mailbox (`/dev/mailbox`: the server writes mails as files when no SMTP_URL is
 * set). Opens the newest mail to `to` with this subject and follows the link in it that goes to
 * `path` (the mail page lists a mail's links as plain links).
 */
export async function openMailedLink(
  page: Page,
  mail: { to: string; subject: string },
  path: string,
): Promise<void> {
  const item = page
    .getByRole('listitem')
    .filter({ hasText: `To ${mail.to}` })
    .filter({ hasText: mail.subject });
  // A background job writes the mail right after the request: a reload or two at most.
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(item.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await item.first().getByRole('link').click();
  const links = page.getByRole('list', { name: 'Links in this mail' });
  await links.getByRole('link', { name: new RegExp(`${path}\\?token=`) }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?token=`));
}

/**
 * Confirms a new account's address as its owner would, through the confirmation mail in the
 * development mailbox, without a page: journeys that pay or earn start from a confirmed address
 * (paying, earning and payouts need one).
 */
export async function confirmAddressByMail(
  request: APIRequestContext,
  email: string,
): Promise<void> {
  let mailPath: string | undefined;
  await expect(async () => {
    const list = await (await request.get('/dev/mailbox')).text();
    const item = list
      .split('<li>')
      .find(
        (entry) => entry.includes(`To ${email}<`) && entry.includes('Confirm your email address'),
      );
    mailPath = item?.match(/href="(\/dev\/mailbox\/[^"]+)"/)?.[1];
    expect(mailPath, `no confirmation mail to ${email} yet`).toBeDefined();
  }).toPass({ timeout: 30_000 });
  const mail = await (await request.get(mailPath!)).text();
  const token = mail.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
  expect(token, 'the confirmation mail has no link').toBeDefined();
  const confirmed = await request.post('/api/auth/email/verify', { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

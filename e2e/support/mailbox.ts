import { expect, type Page } from '@playwright/test';

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

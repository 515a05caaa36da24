import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerViewer } from '../support/home.ts';
import { topUpViaSandbox } from '../support/money.ts';
import {
  carouselItems,
  openOwnStoriesMenu,
  ownStories,
  postImageStoryViaApi,
  uniqueStoryText,
  waitForOwnStoryReady,
} from '../support/stories.ts';

// Issue 10: a new creator verifies their identity in the sandbox, prices a story, and sees a
// fan's purchase and tip in the story's Purchased and Tips lists. Issue 25: the wallet's History
// lists those pending earnings (it said "No transactions yet") and Earnings breaks them down.

test('a creator verifies, prices a story and sees the purchase and the tip', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const creator = await registerViewer(page, baseURL);
  const text = uniqueStoryText('earnings');
  const storyId = await postImageStoryViaApi(page, { text });
  await waitForOwnStoryReady(page, storyId);

  // Identity verification through the sandbox provider's page: only its webhook verifies.
  await page.goto('/me');
  const verification = page.getByRole('region', { name: 'Identity verification' });
  await verification.getByRole('button', { name: 'Verify identity' }).click();
  await expect(page.getByRole('heading', { name: 'Identity check' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Your identity is verified. You can now set prices.')).toBeVisible();
  await expect(page.getByText('Your identity is verified', { exact: true })).toBeVisible();

  // Now the story may carry a price.
  const menu = await openOwnStoriesMenu(page);
  const item = carouselItems(menu).filter({ has: page.getByRole('img', { name: text }) });
  await item.click();
  await menu.getByRole('button', { name: 'Edit story' }).click();
  const edit = page.getByRole('dialog', { name: 'Modify content' });
  await edit.getByLabel('Price', { exact: true }).fill('3.50');
  await edit.getByRole('button', { name: 'Send' }).click();
  await expect(edit).toBeHidden();
  await expect
    .poll(async () => (await ownStories(page)).find((story) => story.id === storyId)?.price)
    .toBe(3.5);
  await page.keyboard.press('Escape');

  // A fan, in a browser of their own, buys the story and tips with a message.
  const fanContext = await browser.newContext({ baseURL });
  const fanPage = await fanContext.newPage();
  const fan = await registerViewer(fanPage, baseURL);
  await topUpViaSandbox(fanPage, 20);
  const unlock = await fanPage.request.post(`/api/stories/${storyId}/unlock`, {
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(await unlock.json()).toEqual({ status: true });
  const tip = await fanPage.request.post('/api/tips', {
    headers: { 'idempotency-key': randomUUID() },
    data: { user_id: creator.id, amount: 5, message: 'Worth every cent', story_id: storyId },
  });
  expect(tip.status(), await tip.text()).toBe(200);
  await fanContext.close();

  // The wallet: both earnings in History, pending through the hold, and where they came from.
  await page.goto('/wallet');
  const history = page.getByRole('region', { name: 'History' });
  const lines = history.getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(history.getByText('No transactions yet')).toHaveCount(0);
  await expect(lines.nth(0)).toContainText('Tip');
  await expect(lines.nth(0)).toContainText(`from ${fan.name}`);
  await expect(lines.nth(0)).toContainText('+$4.00');
  await expect(lines.nth(0)).toContainText('$5.00 paid, $1.00 fee');
  await expect(lines.nth(0)).toContainText('Pending until');
  await expect(lines.nth(1)).toContainText('Story unlocked');
  await expect(lines.nth(1)).toContainText('+$2.80');
  const breakdown = page.getByRole('region', { name: 'Where your earnings come from' });
  const row = (label: string) => breakdown.locator('div').filter({ hasText: label });
  await expect(row('Story unlocks')).toContainText('$3.50');
  await expect(row('Tips')).toContainText('$5.00');
  await expect(row('Platform fee')).toContainText('$1.70');
  await expect(row('Your earnings')).toContainText('$6.80');

  // The creator's own-story menu shows both, with totals.
  await page.goto('/me');
  const reopened = await openOwnStoriesMenu(page);
  await carouselItems(reopened)
    .filter({ has: page.getByRole('img', { name: text }) })
    .click();
  const earnings = reopened.getByRole('region', { name: 'Earnings of this story' });
  // Purchased and Tips are disclosure buttons (issue 25): a list shows once its button opens it.
  const purchased = earnings.getByRole('button', { name: /^Purchased/ });
  const tips = earnings.getByRole('button', { name: /^Tips/ });
  await expect(purchased).toHaveText(/Purchased\s*\$3\.50/);
  await expect(tips).toHaveText(/Tips\s*\$5\.00/);
  await purchased.click();
  const purchaseLine = new RegExp(`${fan.name.toLowerCase()}\\s*\\$3\\.50`);
  await expect(earnings.getByRole('listitem')).toHaveText([purchaseLine]);
  await tips.click();
  await expect(earnings.getByRole('listitem')).toHaveText([
    purchaseLine,
    new RegExp(`${fan.name.toLowerCase()}\\s*\\$5\\.00\\s*.?Worth every cent`),
  ]);
  await expect(earnings.getByText('Total')).toBeVisible();
  await expect(earnings).toContainText('$8.50');
});

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
// fan's purchase and tip in the story's Purchased and Tips lists.

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

  // The creator's own-story menu shows both, with totals.
  await page.reload();
  const reopened = await openOwnStoriesMenu(page);
  await carouselItems(reopened)
    .filter({ has: page.getByRole('img', { name: text }) })
    .click();
  const earnings = reopened.getByRole('region', { name: 'Earnings of this story' });
  const purchased = earnings.locator('details').filter({ hasText: 'Purchased' });
  const tips = earnings.locator('details').filter({ hasText: 'Tips' });
  await expect(purchased.locator('summary')).toHaveText(/Purchased\s*\$3\.50/);
  await expect(tips.locator('summary')).toHaveText(/Tips\s*\$5\.00/);
  await purchased.locator('summary').click();
  await expect(purchased.getByRole('listitem')).toHaveText([
    new RegExp(`${fan.name.toLowerCase()}\\s*\\$3\\.50`),
  ]);
  await tips.locator('summary').click();
  await expect(tips.getByRole('listitem')).toHaveText([
    new RegExp(`${fan.name.toLowerCase()}\\s*\\$5\\.00\\s*.?Worth every cent`),
  ]);
  await expect(earnings.getByText('Total')).toBeVisible();
  await expect(earnings).toContainText('$8.50');
});

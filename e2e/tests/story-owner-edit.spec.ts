import { expect, test } from '@playwright/test';
import { signInAsDemo } from '../support/accounts.ts';
import {
  carouselItems,
  openOwnStoriesMenu,
  ownStories,
  postImageStoryViaApi,
  uniqueStoryText,
  waitForOwnStoryReady,
} from '../support/stories.ts';

/** Eli is a verified demo creator, so their stories may carry a price. */
const CREATOR = 'Eli';

test('a verified creator prices a story, makes it free again, then deletes it', async ({
  page,
}) => {
  // Waits on background media processing, slow while the demo seed's media is processed too.
  test.setTimeout(120_000);
  await page.goto('/sign-in');
  await signInAsDemo(page, CREATOR);
  const text = uniqueStoryText('edit');
  const storyId = await postImageStoryViaApi(page, { text });
  await waitForOwnStoryReady(page, storyId);

  await page.goto('/me');
  const menu = await openOwnStoriesMenu(page);
  // The newest story comes first and is chosen when the menu opens; pick ours by its picture.
  const item = carouselItems(menu).filter({ has: page.getByRole('img', { name: text }) });
  await item.click();
  await expect(item).toHaveAttribute('aria-selected', 'true');

  const edit = page.getByRole('dialog', { name: 'Modify content' });
  const price = edit.getByLabel('Price', { exact: true });
  const free = edit.getByRole('switch', { name: 'Free' });

  // A story without a price opens as free; typing a price switches Free off.
  await menu.getByRole('button', { name: 'Edit story' }).click();
  await expect(edit).toBeVisible();
  await expect(price).toHaveValue('');
  await expect(free).toBeChecked();
  await expect(edit.getByLabel('Description', { exact: true })).toHaveValue(text);
  await expect(price).toHaveAttribute('placeholder', '0-49.99');
  // Letters never get into the price, and Free stays as it is.
  await price.pressSequentially('ab');
  await expect(price).toHaveValue('');
  await expect(free).toBeChecked();
  await price.fill('4.99');
  await expect(free).not.toBeChecked();
  await edit.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Story updated').last()).toBeVisible();
  await expect(edit).toBeHidden();
  await expect
    .poll(async () => (await ownStories(page)).find((story) => story.id === storyId))
    .toMatchObject({ price: 4.99, free: null });

  // Reopened, the dialog shows the price; switching Free on clears it, and free is saved as null.
  await menu.getByRole('button', { name: 'Edit story' }).click();
  await expect(price).toHaveValue('4.99');
  await expect(free).not.toBeChecked();
  await free.check();
  await expect(price).toHaveValue('');
  await expect(free).toBeChecked();
  await edit.getByRole('button', { name: 'Send' }).click();
  // The first save's snackbar may still be showing.
  await expect(page.getByText('Story updated').last()).toBeVisible();
  await expect(edit).toBeHidden();
  await expect
    .poll(async () => (await ownStories(page)).find((story) => story.id === storyId))
    .toMatchObject({ price: null, free: 'free' });
  await menu.getByRole('button', { name: 'Edit story' }).click();
  await expect(price).toHaveValue('');
  await expect(free).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(item).toHaveAttribute('aria-selected', 'true');

  // Delete asks first (with the earnings hint for verified creators). Afterwards nothing asks
  // for the deleted story's statistics (issue 9, defect 6: a 404 and a console error).
  const statisticsOfDeleted: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith(`/api/stories/${storyId}/statistics`) && response.status() >= 400)
      statisticsOfDeleted.push(response.status());
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await menu.getByRole('button', { name: 'Delete story' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this story?' });
  await expect(confirm).toBeVisible();
  await expect(
    confirm.getByText('The purchase and tip records of this story stay in your earnings.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Story deleted')).toBeVisible();
  await expect(item).toHaveCount(0);
  expect((await ownStories(page)).map((story) => story.id)).not.toContain(storyId);
  // The carousel goes back to the first story, whose earnings load.
  await expect(carouselItems(menu).first()).toHaveAttribute('aria-selected', 'true');
  const earnings = menu.getByRole('region', { name: 'Earnings of this story' });
  await expect(earnings).toHaveAttribute('aria-busy', 'false');
  await expect(earnings.getByText('Total')).toBeVisible();
  expect(statisticsOfDeleted).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

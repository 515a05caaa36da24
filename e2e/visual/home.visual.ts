import { storyAvatars } from '../support/home.ts';
import { CREATORS, FOLLOWED, VIEWER } from './dataset.ts';
import { expectScreen, expect, signInAs, test } from './screen.ts';

const DISCOVER_COUNT = CREATORS.length - FOLLOWED.length;

test.beforeEach(async ({ page }) => {
  await signInAs(page, VIEWER);
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(storyAvatars(main.getByRole('region', { name: 'Following' }))).toHaveCount(
    FOLLOWED.length,
  );
  await expect(storyAvatars(main.getByRole('region', { name: 'Discover' }))).toHaveCount(
    DISCOVER_COUNT,
  );
});

test('home, Stories tab: Subscribed, Following and Discover', async ({ page }) => {
  await expectScreen(page, 'home-stories');
});

test('home, Streams tab', async ({ page }) => {
  await page.getByRole('tab', { name: 'Streams' }).click();
  await expect(page.getByText('Live streams will appear here soon.')).toBeVisible();
  await expectScreen(page, 'home-streams');
});

test('filter dialog', async ({ page }) => {
  await page.getByRole('banner').getByRole('button', { name: 'Filters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog).toBeVisible();
  // Tags and countries come from the API; wait for the dialog to be filled in.
  await expect(dialog.getByRole('checkbox').first()).toBeVisible();
  await expectScreen(page, 'filter-dialog');
});

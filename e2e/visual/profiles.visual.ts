import type { Page } from '@playwright/test';
import { ANNA, FATIMA, VIEWER } from './dataset.ts';
import { presentFirstStoryLocked } from './locked-story.ts';
import { expectScreen, expect, signInAs, test } from './screen.ts';

test.beforeEach(async ({ page }) => {
  await signInAs(page, VIEWER);
});

/** Waits for a profile's story tiles (they load after the profile itself). */
async function expectStoryTiles(page: Page, count: number) {
  const stories = page.getByRole('main').getByRole('region', { name: 'Stories' });
  await expect(stories.getByRole('listitem')).toHaveCount(count);
}

test('a public creator profile the viewer follows', async ({ page }) => {
  await page.goto(`/u/${ANNA.slug}`);
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await expectStoryTiles(page, ANNA.stories.length);
  await expectScreen(page, 'profile-public');
});

test('a public creator profile with a locked story', async ({ page }) => {
  const creator = await page.request.get(`/api/users/slug/${FATIMA.slug}`);
  await presentFirstStoryLocked(page, ((await creator.json()) as { id: number }).id);
  await page.goto(`/u/${FATIMA.slug}`);
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expectStoryTiles(page, FATIMA.stories.length);
  await expectScreen(page, 'profile-public-locked');
});

test('own profile', async ({ page }) => {
  await page.goto('/me');
  await expect(page.getByRole('button', { name: 'Open my stories' })).toBeVisible();
  await expect(page.getByText(VIEWER.bio)).toBeVisible();
  await expectScreen(page, 'profile-own');
});

test('profile edit', async ({ page }) => {
  await page.goto('/me/edit');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(VIEWER.name);
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue(/.+/);
  await expectScreen(page, 'profile-edit');
  // The form is several screens long: the whole of it, too.
  await expectScreen(page, 'profile-edit-full', { wholePage: true });
});

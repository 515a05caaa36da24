import { storyAvatars } from '../support/home.ts';
import { CREATORS, FOLLOWED, VIEWER } from './dataset.ts';
import { expectScreen, expect, signInAs, test } from './screen.ts';

test('home: Stories tab, filter dialog, Streams tab', async ({ page }) => {
  await signInAs(page, VIEWER);
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(storyAvatars(main.getByRole('region', { name: 'Following' }))).toHaveCount(
    FOLLOWED.length,
  );
  await expect(storyAvatars(main.getByRole('region', { name: 'Discover' }))).toHaveCount(
    CREATORS.length - FOLLOWED.length,
  );
  // Subscribed shows its empty state: nobody can subscribe yet (no subscribe API).
  await expectScreen(page, 'home-stories');

  await page.getByRole('banner').getByRole('button', { name: 'Filters', exact: true }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await expect(filters.getByRole('checkbox', { name: 'Discover' })).toBeChecked();
  await expectScreen(page, 'filter-dialog');
  await page.keyboard.press('Escape');
  await expect(filters).toBeHidden();

  await page.getByRole('tab', { name: 'Streams' }).click();
  await expect(page.getByText('Nobody you follow is live right now.')).toBeVisible();
  await expectScreen(page, 'home-streams');
});

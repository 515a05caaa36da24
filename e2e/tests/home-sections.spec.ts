import { expect, test } from '@playwright/test';
import {
  homeSection,
  openHome,
  profileLinks,
  registerViewer,
  SEED_TIMEOUT_MS,
  storyAvatars,
  waitForDiscover,
} from '../support/home.ts';

// Each test signs up its own viewer: no follows, no subscriptions, nothing watched.
// Phone-sized: the three-column Discover grid is the phone's (layout-home.spec.ts checks both).
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page, baseURL }) => {
  // The first test of a run may wait for the demo stories to finish processing.
  test.setTimeout(SEED_TIMEOUT_MS + 60_000);
  await registerViewer(page, baseURL);
  await waitForDiscover(page.request, 3);
});

test('home shows the Stories and Streams tabs and the three sections', async ({ page }) => {
  const discover = await openHome(page, 3);
  const main = page.getByRole('main');

  const tabs = main.getByRole('tablist', { name: 'Content' });
  await expect(tabs.getByRole('tab')).toHaveText(['Stories', 'Streams']);
  await expect(tabs.getByRole('tab', { name: 'Stories' })).toHaveAttribute('aria-selected', 'true');

  await expect(main.getByRole('region')).toHaveCount(3);
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    'Subscribed',
    'Following',
    'Discover',
  ]);
  // A new viewer has nobody in the first two sections: their empty states show.
  await expect(homeSection(page, 'Subscribed')).toContainText(
    'You are not subscribed to anyone yet.',
  );
  await expect(homeSection(page, 'Following')).toContainText('You are not following anyone yet.');

  // Discover: a three-column grid of avatars, each with its name linking to the profile.
  const grid = discover.getByRole('list');
  const columns = await grid.evaluate((list) => getComputedStyle(list).gridTemplateColumns);
  expect(columns.split(' ')).toHaveLength(3);
  const avatarCount = await storyAvatars(discover).count();
  await expect(profileLinks(discover)).toHaveCount(avatarCount);
  // A brand-new viewer has watched nothing, so every avatar is ringed.
  await expect(storyAvatars(discover).first()).toHaveAccessibleName(/, new stories$/);

  // The Streams tab: the same sections limited to creators live now; a new viewer follows nobody.
  await tabs.getByRole('tab', { name: 'Streams' }).click();
  await expect(main.getByText('Nobody you follow is live right now.')).toBeVisible();
  // Its Discover lists the live (nobody here), not the Stories tab's grid of creators.
  await expect(discover).toContainText('Nobody is live right now.');
  await expect(grid).toBeHidden();
  await tabs.getByRole('tab', { name: 'Stories' }).click();
  await expect(grid).toBeVisible();
});

test('tapping a Discover avatar opens the story viewer; Escape closes it', async ({ page }) => {
  const discover = await openHome(page);
  const firstName = (await profileLinks(discover).first().textContent())!.trim();

  await storyAvatars(discover).first().click();
  const viewer = page.getByRole('dialog', { name: `Stories of ${firstName}` });
  await expect(viewer).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL('/');
  await expect(storyAvatars(discover).first()).toBeVisible();
});

test('tapping a name opens the creator profile', async ({ page }) => {
  const discover = await openHome(page);
  const link = profileLinks(discover).first();
  const name = (await link.textContent())!.trim();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/u\/[^/?]+\?from=home$/);

  await link.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
});

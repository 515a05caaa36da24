import { storyPicturePng } from '../support/pictures.ts';
import { ANNA, FATIMA, MARCO, THEO, VIEWER } from './dataset.ts';
import { LOCKED_PRICE, presentFirstStoryLocked } from './locked-story.ts';
import { advanceUntil, expectScreen, expect, freezeClock, signInAs, test } from './screen.ts';
import {
  expectStoryPicture,
  keepViewingStateUnchanged,
  storyPicture,
  storyPosition,
  viewerDialog,
} from './viewer.ts';

test.beforeEach(async ({ page }) => {
  await keepViewingStateUnchanged(page);
});

test('story viewer: an image story', async ({ page }) => {
  await signInAs(page, VIEWER);
  await page.goto('/');
  const following = page.getByRole('main').getByRole('region', { name: 'Following' });
  await following.getByRole('button', { name: new RegExp(`^Stories of ${ANNA.name}`) }).click();
  const viewer = viewerDialog(page, ANNA.name);
  await expect(storyPosition(viewer)).toHaveText(`Story 1 of ${ANNA.stories.length}`);
  await expectStoryPicture(viewer, ANNA.stories[0]!);
  // The image clock fills the progress bar as time runs: stop time, then step to the next
  // story, which starts from an empty bar and stays there.
  await freezeClock(page);
  await page.keyboard.press('ArrowRight');
  await expect(storyPosition(viewer)).toHaveText(`Story 2 of ${ANNA.stories.length}`);
  await expectStoryPicture(viewer, ANNA.stories[1]!);
  await expectScreen(page, 'viewer-image');
});

test('story viewer: a locked story and its card', async ({ page }) => {
  await signInAs(page, VIEWER);
  const creator = await page.request.get(`/api/users/slug/${FATIMA.slug}`);
  await presentFirstStoryLocked(page, ((await creator.json()) as { id: number }).id);
  await page.goto('/');
  const discover = page.getByRole('main').getByRole('region', { name: 'Discover' });
  await discover.getByRole('button', { name: new RegExp(`^Stories of ${FATIMA.name}`) }).click();
  const viewer = viewerDialog(page, FATIMA.name);
  await expect(storyPosition(viewer)).toHaveText(`Story 1 of ${FATIMA.stories.length}`);
  await expect(viewer.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(viewer.getByText(`Unlock it for $${LOCKED_PRICE}`)).toBeVisible();
  await expectScreen(page, 'viewer-locked');
});

test('story viewer: the first-time guide', async ({ page }) => {
  await signInAs(page, THEO);
  await page.goto(`/u/${MARCO.slug}`);
  const ring = page.getByRole('button', { name: `View ${MARCO.name}'s stories` });
  await expect(ring).toBeVisible();
  // The guide animates after 4 s and closes itself 2 s later: open it with time stopped and
  // let only as much pass as loading needs.
  await freezeClock(page);
  await ring.click();
  const viewer = viewerDialog(page, MARCO.name);
  const guide = viewer.getByRole('heading', { name: 'How to watch stories' });
  const caption = MARCO.stories[0]!;
  const elapsed = await advanceUntil(
    page,
    async () => (await guide.isVisible()) && (await storyPicture(viewer, caption).isVisible()),
  );
  await expectStoryPicture(viewer, caption);
  expect(elapsed, 'page time that passed while the guide loaded').toBeLessThan(3_000);
  await expectScreen(page, 'viewer-guide');
});

test('own stories panel', async ({ page }) => {
  await signInAs(page, VIEWER);
  await page.goto('/me');
  await page.getByRole('button', { name: 'Open my stories' }).click();
  const menu = page.getByRole('dialog', { name: 'My stories' });
  const items = menu.getByRole('listbox', { name: 'My stories' }).getByRole('option');
  await expect(items).toHaveCount(VIEWER.stories.length);
  await expect(menu.getByText('0 views')).toBeVisible();
  await expectScreen(page, 'own-stories');
});

test('posting a story: camera, picked picture, form', async ({ page }) => {
  await signInAs(page, VIEWER);
  await page.goto('/');
  await page.getByRole('button', { name: 'New story' }).click();
  const flow = page.getByRole('dialog', { name: 'New story' });
  const camera = flow.getByLabel('Camera preview');
  await expect(camera).toBeVisible();
  // The fake camera shows one still picture (still-camera.ts); wait until it plays.
  await expect(camera).toHaveJSProperty('readyState', 4);
  await expectScreen(page, 'post-story-camera');

  await flow.getByLabel('Choose from device').setInputFiles({
    name: 'picked.png',
    mimeType: 'image/png',
    buffer: storyPicturePng(VIEWER.colour, [20, 30, 60], 1),
  });
  await expect(flow.getByRole('img', { name: 'Your photo' })).toBeVisible();
  await expectScreen(page, 'post-story-result');

  await flow.getByRole('button', { name: 'Next' }).click();
  await expect(flow.getByRole('heading', { name: 'Before posting' })).toBeVisible();
  await expectScreen(page, 'post-story-form');
});

import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SEED_TIMEOUT_MS } from '../support/home.ts';
import { horizontalOverflow } from '../support/layout.ts';
import {
  carouselItems,
  openOwnStoriesMenu,
  ownStories,
  postImageStoryViaApi,
  storyRing,
  viewerDialog,
  viewerPosition,
} from '../support/stories.ts';
import { boxOf, PHONE, skipGuide } from '../support/viewer.ts';
import { registerViewer } from '../support/home.ts';

// Issue 25, realistic volumes: a creator with 60 stories. The own-story menu's carousel holds
// them all, its first story clear of the edge (defect 15: clipped at the left), and the viewer
// draws 60 progress bars inside the story and walks through them; the owner sees who watched.

const COUNT = 60;

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('a creator with 60 stories: the carousel, the viewer and the viewers list', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(SEED_TIMEOUT_MS + 120_000);
  const creator = await registerViewer(page, baseURL);
  // Six uploads at a time (a browser's connections per host): the seeding is the slow part.
  for (let start = 0; start < COUNT; start += 6) {
    await Promise.all(
      Array.from({ length: Math.min(6, COUNT - start) }, (_, offset) =>
        postImageStoryViaApi(page, {
          text: `Sixty ${start + offset + 1} ${randomBytes(2).toString('hex')}`,
        }),
      ),
    );
  }
  await expect
    .poll(async () => (await ownStories(page)).filter((story) => !story.is_processing).length, {
      timeout: SEED_TIMEOUT_MS,
      intervals: [1_000],
    })
    .toBe(COUNT);

  // Someone watches the first three stories (oldest first in the viewer).
  const fanContext = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true });
  const fan = await fanContext.newPage();
  const fanUser = await registerViewer(fan, baseURL);
  await skipGuide(fan);
  await fan.goto(`/u/${creator.slug}`);
  await storyRing(fan, creator.name).tap();
  const viewer = viewerDialog(fan, creator.name);
  await expect(viewer).toBeVisible({ timeout: 30_000 });
  await expect(viewerPosition(viewer)).toHaveText(`Story 1 of ${COUNT}`);
  // Sixty bars, each with room of its own, all inside the story's width.
  const frame = await boxOf(viewer.getByTestId('story-frame'));
  const bars = viewer.getByTestId('story-progress');
  await expect(bars).toHaveCount(COUNT);
  const last = await boxOf(bars.last());
  expect(last.x + last.width).toBeLessThanOrEqual(frame.x + frame.width);
  expect((await boxOf(bars.first())).width).toBeGreaterThan(1);
  await viewer.getByRole('button', { name: 'Next story' }).tap();
  await viewer.getByRole('button', { name: 'Next story' }).tap();
  await expect(viewerPosition(viewer)).toHaveText(`Story 3 of ${COUNT}`);
  await fanContext.close();

  await page.goto('/me');
  const menu = await openOwnStoriesMenu(page);
  const items = carouselItems(menu);
  await expect(items).toHaveCount(COUNT);
  const carousel = menu.getByRole('listbox', { name: 'My stories' });
  const row = await boxOf(carousel);
  const first = await boxOf(items.first());
  // The first story sits inside the row with its padding, never flush against the edge.
  expect(first.x).toBeGreaterThanOrEqual(row.x + 8);
  // The last one can be reached: End selects it and brings it into view.
  await items.first().focus();
  await page.keyboard.press('End');
  await expect(items.last()).toHaveAttribute('aria-selected', 'true');
  await expect(items.last()).toBeInViewport();
  await page.keyboard.press('Home');
  await expect(items.first()).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => (await boxOf(items.first())).x).toBeGreaterThanOrEqual(row.x + 8);
  expect(await horizontalOverflow(page)).toBe(0);

  // The oldest story (the last item) was watched: its viewers list names the fan.
  await items.last().tap();
  const viewers = menu.getByRole('button', { name: /^Viewers/ });
  await expect(viewers).toContainText('1');
  await viewers.tap();
  await expect(menu.getByRole('link', { name: fanUser.name })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { signInAsDemo } from '../support/accounts.ts';
import {
  carouselItems,
  openOwnStoriesMenu,
  ownStories,
  PROCESSING_TIMEOUT_MS,
  type OwnStoryJson,
} from '../support/stories.ts';
import { boxOf, VIEWPORTS } from '../support/viewer.ts';

// Issue 9, defect 5: an own video story shown full screen had its caption drawn over the
// video's native controls. The caption now sits below the video.

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a full-screen own video keeps its controls clear of the caption', async ({ page }) => {
      test.setTimeout(PROCESSING_TIMEOUT_MS + 60_000);
      await page.goto('/sign-in');
      // Anna's seeded stories: a captioned video, then a priced image (the newest, first).
      await signInAsDemo(page, 'Anna');
      let video: OwnStoryJson | undefined;
      await expect
        .poll(
          async () => {
            video = (await ownStories(page)).find((story) => story.is_video);
            return video ? video.is_processing || video.processing_error !== null : 'missing';
          },
          { timeout: PROCESSING_TIMEOUT_MS, intervals: [500, 1_000] },
        )
        .toBe(false);
      expect(video!.text).not.toBe('');

      await page.goto('/me');
      const menu = await openOwnStoriesMenu(page);
      const item = carouselItems(menu).filter({ has: page.getByLabel('Story video') });
      // A double-click on a story that is not the current one opens it: the sheet keeps its
      // height while the story's earnings load, so both clicks land on the same story.
      await expect(item).toHaveAttribute('aria-selected', 'false');
      await item.dblclick();
      const fullScreen = page.getByRole('dialog', { name: 'Story full screen' });
      await expect(fullScreen).toBeVisible();

      const player = fullScreen.getByLabel('Story video');
      await expect(player).toHaveAttribute('controls');
      const caption = fullScreen.getByText(video!.text, { exact: true });
      await expect(caption).toBeVisible();
      const playerBox = await boxOf(player);
      const captionBox = await boxOf(caption);
      // The controls are drawn along the video's bottom edge: the caption starts below it.
      expect(captionBox.y).toBeGreaterThanOrEqual(playerBox.y + playerBox.height - 0.5);
      expect(captionBox.y + captionBox.height).toBeLessThanOrEqual(viewport.height);
      // The whole picture shows (letterboxed), never cropped to the window's shape.
      expect(await player.evaluate((element) => getComputedStyle(element).objectFit)).toBe(
        'contain',
      );

      await fullScreen.getByRole('button', { name: 'Close full screen' }).click();
      await expect(fullScreen).toBeHidden();
      await expect(menu).toBeVisible();
    });
  });
}

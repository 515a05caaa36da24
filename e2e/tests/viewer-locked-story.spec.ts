import { expect, test } from '@playwright/test';
import { SEED_TIMEOUT_MS } from '../support/home.ts';
import { storyRing, viewerDialog, viewerPosition } from '../support/stories.ts';
import {
  ANNA,
  boxOf,
  newViewerOfReadyStories,
  swipeDownFrom,
  VIEWPORTS,
} from '../support/viewer.ts';

// Issue 9, defect 1: the lock card used to sit above the story's gesture area, so on a phone
// taps on the left and right thirds and swipes down did nothing while a locked story showed.

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a locked story takes taps and a swipe on its card; its buttons still work', async ({
      page,
      baseURL,
    }) => {
      // The first test of a run may wait for the demo stories to finish processing.
      test.setTimeout(SEED_TIMEOUT_MS + 60_000);
      const group = await newViewerOfReadyStories(page, baseURL, ANNA);
      expect(group.stories.map((story) => story.isAvailable)).toEqual([true, false]);

      await page.goto(`/u/${ANNA.slug}`);
      const viewer = viewerDialog(page, ANNA.name);
      const position = viewerPosition(viewer);
      const card = viewer.getByRole('group', { name: 'This story is locked' });
      const stage = viewer.getByTestId('story-stage');

      /**
       * From the video (story 1) to the locked story. The video is paused first: it is three
       * seconds long and would otherwise move on by itself while the test steps.
       */
      async function stepToLockedStory() {
        await viewer.getByRole('button', { name: 'Pause' }).click();
        if ((await position.textContent()) === `Story 1 of ${ANNA.stories}`) {
          await page.keyboard.press('ArrowRight');
        }
        await expect(position).toHaveText(`Story 2 of ${ANNA.stories}`);
        await expect(card).toBeVisible();
      }

      async function openLockedStory() {
        await storyRing(page, ANNA.name).click();
        // The first opening loads the viewer's code, slow on a loaded machine.
        await expect(viewer).toBeVisible({ timeout: 30_000 });
        await stepToLockedStory();
      }

      await openLockedStory();
      // Points inside the card's padding, clear of its buttons, in the stage's outer thirds.
      const cardBox = await boxOf(card);
      const stageBox = await boxOf(stage);
      const leftX = cardBox.x + 10;
      const rightX = cardBox.x + cardBox.width - 10;
      const middleY = cardBox.y + cardBox.height / 2;
      expect(leftX - stageBox.x).toBeLessThan(stageBox.width / 3);
      expect(rightX - stageBox.x).toBeGreaterThan((stageBox.width * 2) / 3);

      // Tap left on the card: the previous story.
      await page.mouse.click(leftX, middleY);
      await expect(position).toHaveText(`Story 1 of ${ANNA.stories}`);

      // The previous arrow is not covered by the card.
      await stepToLockedStory();
      await viewer.getByRole('button', { name: 'Previous story' }).click();
      await expect(position).toHaveText(`Story 1 of ${ANNA.stories}`);

      // Tap right on the card of the last story of the only creator: the viewer closes.
      await stepToLockedStory();
      await page.mouse.click(rightX, middleY);
      await expect(viewer).toBeHidden();

      // A swipe down that starts on the card closes the viewer.
      await openLockedStory();
      await swipeDownFrom(page, leftX, cardBox.y + 12);
      await expect(viewer).toBeHidden();

      // The card's own buttons keep their taps: Unlock asks first and the story stays.
      await openLockedStory();
      await card.getByRole('button', { name: 'Unlock' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Unlock this story for');
      await confirm.getByRole('button', { name: 'No' }).click();
      await expect(confirm).toBeHidden();
      await expect(viewer).toBeVisible();
      await expect(position).toHaveText(`Story 2 of ${ANNA.stories}`);
    });
  });
}

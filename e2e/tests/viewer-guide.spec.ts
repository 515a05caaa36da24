import { expect, test } from '@playwright/test';
import { registerViewer, SEED_TIMEOUT_MS } from '../support/home.ts';
import { storyRing, userIdBySlug, viewerDialog, waitForReadyStories } from '../support/stories.ts';
import { boxOf, FATIMA, VIEWPORTS } from '../support/viewer.ts';

// Issue 9, defect 11: in the first-time guide the "tap right" hint sat lower than the other two
// (its text wraps differently) and "swipe down to close" was drawn over the story's caption.

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the guide lines its hints up and keeps the caption out of its way', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(SEED_TIMEOUT_MS + 60_000);
      // A new viewer: the guide shows the first time a story opens.
      await registerViewer(page, baseURL);
      const fatimaId = await userIdBySlug(page, FATIMA.slug);
      const group = await waitForReadyStories(page, fatimaId, FATIMA.stories);
      const caption = group.stories[0]!.text;
      expect(caption).not.toBe('');

      await page.goto(`/u/${FATIMA.slug}`);
      await storyRing(page, FATIMA.name).click();
      const viewer = viewerDialog(page, FATIMA.name);
      const guide = viewer.getByRole('region', { name: 'How to watch stories' });
      // The first opening loads the viewer's code, slow on a loaded machine.
      await expect(guide).toBeVisible({ timeout: 30_000 });
      // The guide stays 6 s; measure it at once.
      await expect(guide).toHaveAttribute('data-animating', 'false');

      const hints = guide.getByRole('listitem');
      await expect(hints).toHaveText([
        'Tap left for the previous story',
        'Tap the middle to pause',
        'Tap right for the next story',
      ]);
      const iconTops = await hints.evaluateAll((items) =>
        items.map((item) => item.firstElementChild!.getBoundingClientRect().top),
      );
      expect(Math.max(...iconTops) - Math.min(...iconTops)).toBeLessThanOrEqual(1);

      // The caption waits unseen under the guide; "swipe down to close" has the bottom alone.
      const captionText = viewer.getByText(caption, { exact: true });
      await expect(captionText).toBeHidden();
      const swipeHint = await boxOf(guide.getByText('Swipe down to close'));
      const frame = await boxOf(viewer.getByTestId('story-frame'));
      expect(swipeHint.y + swipeHint.height).toBeLessThanOrEqual(frame.y + frame.height);
      const hintsBottom = Math.max(
        ...(await hints.evaluateAll((items) =>
          items.map((item) => item.getBoundingClientRect().bottom),
        )),
      );
      expect(swipeHint.y).toBeGreaterThan(hintsBottom);

      // Once the guide has closed itself, the caption is there.
      await expect(guide).toBeHidden({ timeout: 10_000 });
      await expect(captionText).toBeVisible();
    });
  });
}

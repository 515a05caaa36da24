import { expect, test } from '@playwright/test';
import { SEED_TIMEOUT_MS } from '../support/home.ts';
import { storyRing, viewerDialog, viewerPosition } from '../support/stories.ts';
import { ANNA, boxOf, newViewerOfReadyStories, VIEWPORTS } from '../support/viewer.ts';

// Issue 9, defect 4: on a phone the video header cut the name to "Anna R..." behind five
// icons. Sound, pause and close stay; repeat and report moved into an accessible "More" menu.

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the video header shows the whole name and keeps repeat and report in More', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(SEED_TIMEOUT_MS + 60_000);
      const group = await newViewerOfReadyStories(page, baseURL, ANNA);
      expect(group.stories[0]?.is_video).toBe(true);

      await page.goto(`/u/${ANNA.slug}`);
      await storyRing(page, ANNA.name).click();
      const viewer = viewerDialog(page, ANNA.name);
      // The first opening loads the viewer's code, slow on a loaded machine.
      await expect(viewer).toBeVisible({ timeout: 30_000 });
      await expect(viewerPosition(viewer)).toHaveText(`Story 1 of ${ANNA.stories}`);
      // Paused (and its download held), so the video stays while the header is examined.
      const pause = viewer.getByRole('button', { name: 'Pause' });
      await pause.click();
      await expect(pause).toHaveAttribute('aria-pressed', 'true');

      // The name is shown whole: its text needs no more room than it has.
      const name = viewer.getByRole('link', { name: ANNA.name }).getByTestId('creator-name');
      await expect(name).toHaveText(ANNA.name);
      const clipped = await name.evaluate((text) => text.scrollWidth > text.clientWidth);
      expect(clipped).toBe(false);

      // The header's controls all fit inside the story.
      const frame = await boxOf(viewer.getByTestId('story-frame'));
      for (const label of ['Mute', 'Pause', 'More', 'Close']) {
        const control = await boxOf(viewer.getByRole('button', { name: label, exact: true }));
        expect(control.x).toBeGreaterThanOrEqual(frame.x);
        expect(control.x + control.width).toBeLessThanOrEqual(frame.x + frame.width);
      }
      await expect(viewer.getByRole('button', { name: 'Repeat' })).toHaveCount(0);
      await expect(viewer.getByRole('button', { name: 'Report story' })).toHaveCount(0);

      // Repeat is a checkable item of the More menu; choosing it loops the video.
      const more = viewer.getByRole('button', { name: 'More', exact: true });
      await more.click();
      const menu = page.getByRole('menu');
      const repeat = menu.getByRole('menuitemcheckbox', { name: 'Repeat' });
      await expect(repeat).toHaveAttribute('aria-checked', 'false');
      await repeat.click();
      await expect(menu).toBeHidden();
      await expect
        .poll(() => viewer.locator('video').evaluate((video: HTMLVideoElement) => video.loop))
        .toBe(true);

      // Keyboard: the menu opens from its button, Escape closes it and focus returns.
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(menu.getByRole('menuitemcheckbox', { name: 'Repeat' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(more).toBeFocused();
      await expect(viewer).toBeVisible();

      // Report opens its dialog over the viewer.
      await more.click();
      await menu.getByRole('menuitem', { name: 'Report story' }).click();
      const report = page.getByRole('dialog', { name: 'Report story' });
      await expect(report).toBeVisible();
      // Focus moved into the dialog (the closing menu does not pull it back to its button).
      await expect(report.locator(':focus')).toHaveCount(1);
      await report.getByRole('button', { name: 'Cancel' }).click();
      await expect(report).toBeHidden();
      await expect(viewer).toBeVisible();
    });
  });
}

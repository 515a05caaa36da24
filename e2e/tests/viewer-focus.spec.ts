import { expect, test } from '@playwright/test';
import { SEED_TIMEOUT_MS } from '../support/home.ts';
import { storyRing, viewerDialog, viewerPosition } from '../support/stories.ts';
import { ANNA, DESKTOP, newViewerOfReadyStories } from '../support/viewer.ts';

// Issue 25, defect 2: on a desktop the focus fell to the page after the tip sheet closed (the
// arrow keys and Space did nothing until a click), and Tab stuck on a video story instead of
// cycling through the viewer's controls.

test.use({ viewport: DESKTOP });

test('the keyboard keeps working in the viewer: Tab cycles, the tip sheet gives the focus back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(SEED_TIMEOUT_MS + 60_000);
  const group = await newViewerOfReadyStories(page, baseURL, ANNA);
  expect(group.stories[0]?.is_video).toBe(true);
  await page.goto(`/u/${ANNA.slug}`);
  await storyRing(page, ANNA.name).click();
  const viewer = viewerDialog(page, ANNA.name);
  await expect(viewer).toBeVisible({ timeout: 30_000 });
  await expect(viewerPosition(viewer)).toHaveText(`Story 1 of ${ANNA.stories}`);
  await viewer.getByRole('button', { name: 'Pause' }).click();

  // Round and round inside the viewer: a stop never repeats at once, none is outside.
  const stops: string[] = [];
  for (let press = 0; press < 24; press += 1) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const dialog = document.querySelector('[role="dialog"]');
        if (!active || !dialog?.contains(active)) return 'outside';
        return `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent}`;
      }),
    );
  }
  expect(stops).not.toContain('outside');
  expect(stops.some((stop, index) => index > 0 && stop === stops[index - 1])).toBe(false);
  expect(new Set(stops).size).toBeLessThan(stops.length);

  // Esc closes the tip sheet and the focus is back on the tip button: keys work at once.
  const tip = viewer.getByRole('button', { name: 'Send a tip' });
  await tip.click();
  const sheet = page.getByRole('dialog', { name: 'Tip' });
  await expect(sheet).toBeVisible();
  // Open once it holds the focus: an Esc pressed in the frames before that (a test's keyboard
  // on a loaded runner is that quick, a person is not) closed the whole viewer now and then.
  await expect(sheet.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(tip).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(viewerPosition(viewer)).toHaveText(`Story 2 of ${ANNA.stories}`);
});

import type { Locator, Page } from '@playwright/test';
import { storyAvatars } from '../support/home.ts';
import { CREATORS, FOLLOWED, VIEWER } from './dataset.ts';
import { expectScreen, expect, signInAs, test } from './screen.ts';
import { allowedDifferingPixels } from './tolerance.ts';

/**
 * Proof that the comparison's tolerance (tolerance.ts, used by playwright.visual.config.ts) is
 * tight enough: the home screen matches its baseline, and the same screen with one element
 * nudged by a few pixels differs by more than the tolerance allows. Should someone loosen the
 * tolerance until a small shift would pass, this test fails.
 */

const BASELINE = 'threshold-home';

async function openHome(page: Page) {
  await signInAs(page, VIEWER);
  await page.goto('/');
  const discover = page.getByRole('main').getByRole('region', { name: 'Discover' });
  await expect(storyAvatars(discover)).toHaveCount(CREATORS.length - FOLLOWED.length);
  return discover;
}

/**
 * How many pixels of the current page differ from the baseline, as the comparison counts them
 * (pixelmatch with the suite's colour threshold), whatever the tolerance: compared with none.
 */
async function differingPixels(page: Page): Promise<number> {
  const failure = await expect(page)
    .toHaveScreenshot(`${BASELINE}.png`, { timeout: 5_000, maxDiffPixels: 0, maxDiffPixelRatio: 0 })
    .then(
      () => null,
      (error: unknown) => String(error),
    );
  if (failure === null) return 0;
  const counted = /(\d+) pixels \(ratio/.exec(failure);
  if (!counted) throw new Error(`the comparison failed for another reason: ${failure}`);
  return Number(counted[1]);
}

/** Moves an element by a transform (the layout around it stays as it was); 0, 0 puts it back. */
async function nudge(element: Locator, x: number, y: number) {
  await element.evaluate(
    (node: HTMLElement, [dx, dy]) => {
      node.style.transform = dx === 0 && dy === 0 ? '' : `translate(${dx}px, ${dy}px)`;
    },
    [x, y] as const,
  );
}

test('the threshold catches an element moved by a few pixels', async ({ page }) => {
  const discover = await openHome(page);
  await expectScreen(page, BASELINE);
  // Updating baselines writes whatever the page shows: never write a nudged one.
  const updating = ['all', 'changed'].includes(test.info().config.updateSnapshots);
  if (updating) return;

  const viewport = page.viewportSize()!;
  const allowed = allowedDifferingPixels(viewport.width, viewport.height);

  // One Discover avatar, 3 px to the right.
  const avatar = storyAvatars(discover).first();
  await nudge(avatar, 3, 0);
  const avatarShift = await differingPixels(page);
  expect(avatarShift, `an avatar moved by 3 px (${allowed} pixels may differ)`).toBeGreaterThan(
    allowed,
  );
  await nudge(avatar, 0, 0);
  expect(await differingPixels(page), 'the page back as it was').toBeLessThanOrEqual(allowed);

  // The Discover heading, 4 px down towards the row below it, as an overlap would be.
  await nudge(page.getByRole('main').getByRole('heading', { name: 'Discover' }), 0, 4);
  const headingShift = await differingPixels(page);
  expect(headingShift, `a heading moved by 4 px (${allowed} pixels may differ)`).toBeGreaterThan(
    allowed,
  );
  test.info().annotations.push({
    type: 'differing pixels',
    description: `avatar +3px: ${avatarShift}, heading +4px: ${headingShift}, allowed: ${allowed}`,
  });
});

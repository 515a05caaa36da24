import { expect, test, type Page } from '@playwright/test';
import { registerViewer } from '../support/home.ts';

// Each journey registers a user and loads the home screen, slow on a busy 2-core runner.
test.describe.configure({ timeout: 120_000 });

test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

/** A real touch swipe through the browser's input pipeline (not synthetic DOM events). */
async function swipe(page: Page, from: [number, number], to: [number, number]) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 12;
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ x: from[0], y: from[1] }],
  });
  for (let step = 1; step <= steps; step++) {
    const x = from[0] + ((to[0] - from[0]) * step) / steps;
    const y = from[1] + ((to[1] - from[1]) * step) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('swiping between the home tabs never goes back in browser history', async ({
  page,
  baseURL,
}) => {
  await registerViewer(page, baseURL);
  // A page to go back to: a history swipe would land here (and could leave the app).
  await page.goto('/wallet');
  await page.goto('/');
  const stories = page.getByRole('tab', { name: 'Stories' });
  const streams = page.getByRole('tab', { name: 'Streams' });
  await expect(streams).toBeVisible({ timeout: 30_000 });
  await streams.tap();
  await expect(streams).toHaveAttribute('aria-selected', 'true');

  // From the left edge to the right over the Streams tab: back to Stories, still on home.
  await swipe(page, [8, 560], [360, 565]);
  await expect(stories).toHaveAttribute('aria-selected', 'true');
  await page.waitForTimeout(500); // a history navigation would start within this time
  await expect(page).toHaveURL('/');

  // Right to left: Streams; and once more to the right from the edge.
  await swipe(page, [370, 560], [30, 560]);
  await expect(streams).toHaveAttribute('aria-selected', 'true');
  await swipe(page, [2, 600], [380, 600]);
  await expect(stories).toHaveAttribute('aria-selected', 'true');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL('/');
});

test('the history swipe stays off only on pages with swipeable tabs', async ({ page, baseURL }) => {
  await registerViewer(page, baseURL);
  const overscrollX = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).overscrollBehaviorX);
  await page.goto('/');
  // The home screen's code loads slowly on a busy runner.
  await expect(page.getByRole('tab', { name: 'Streams' })).toBeVisible({ timeout: 30_000 });
  expect(await overscrollX()).toBe('none');
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet' })).toBeVisible();
  expect(await overscrollX()).toBe('auto');
});

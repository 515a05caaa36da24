import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { PASSWORD, type Person } from './dataset.ts';

/**
 * What every visual test shares: a page whose clock starts at a fixed instant, signing in as a
 * dataset person, and `expectScreen`, which waits for the page to be still and compares it with
 * the baseline.
 */

/** The browser's "now" in every visual test (the server keeps its own clock; no screen shows it). */
export const FIXED_NOW = new Date('2026-06-15T09:30:00Z');

export const test = base.extend({
  page: async ({ page }, use) => {
    // Time runs from FIXED_NOW (timers fire as usual) until a test freezes it.
    await page.clock.install({ time: FIXED_NOW });
    await use(page);
  },
});

export { expect };

/** Signs in through the API from the page's request context, so the browser has the cookie. */
export async function signInAs(page: Page, person: Person): Promise<void> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('baseURL is not configured');
  const response = await page.request.post('/api/auth/login', {
    // State-changing requests pass the server's CSRF check with the app's own Origin.
    headers: { Origin: new URL(baseURL).origin },
    data: { email: person.email, password: PASSWORD },
  });
  expect(response.status(), `sign in as ${person.name}`).toBe(200);
}

/**
 * Stops the page's clock where it is: timers (the story clock, the guide's countdown) wait until
 * `advanceUntil` moves time on. Data fetching needs timers too, so freeze only once the screen's
 * data is in, or move time on with `advanceUntil`.
 */
export async function freezeClock(page: Page): Promise<void> {
  // pauseAt only moves forward, and page time runs on while the call travels: aim a little
  // ahead (due timers fire once on the way), and aim again if the page got there first.
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 250);
      return;
    } catch (error) {
      if (!String(error).includes('to the past')) throw error;
    }
  }
  throw new Error('could not stop the page clock');
}

/**
 * Moves a frozen clock on in small steps until `ready` holds, so a screen that loads while time
 * stands still gets its data (query results are delivered on a timer) without its own clocks
 * running far. Returns the milliseconds of page time that passed.
 */
export async function advanceUntil(page: Page, ready: () => Promise<boolean>): Promise<number> {
  // Small steps: results arrive on 0 ms timers, and page time should not outrun a slow machine
  // (each step is a round trip, however long the page takes to load its code).
  const step = 5;
  let elapsed = 0;
  await expect
    .poll(
      async () => {
        if (await ready()) return true;
        await page.clock.runFor(step);
        elapsed += step;
        return false;
      },
      { intervals: [50], message: 'the screen never became ready while time was advanced' },
    )
    .toBe(true);
  return elapsed;
}

/** Every image in the viewport has loaded and decoded (lazy ones below the fold are left alone). */
async function imagesInViewLoaded(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const inView = Array.from(document.images).filter((image) => {
      const box = image.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.bottom > 0 &&
        box.right > 0 &&
        box.top < window.innerHeight &&
        box.left < window.innerWidth
      );
    });
    if (inView.some((image) => !image.complete || image.naturalWidth === 0)) return false;
    await Promise.all(inView.map((image) => image.decode().catch(() => undefined)));
    return true;
  });
}

/**
 * The notification bell of a signed-in screen comes once the page is idle, with its count
 * (features/notification-bell): the picture waits for it, so it does not depend on how soon
 * that was. A dialog over the whole screen (the story viewer, with its clock stopped) covers it;
 * a smaller one (a panel, a sheet) leaves the rail in the picture, so the bell is waited for.
 */
async function bellSettled(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const coversScreen = (dialog: Element) => {
      const box = dialog.getBoundingClientRect();
      return box.width >= window.innerWidth * 0.9 && box.height >= window.innerHeight * 0.9;
    };
    return (
      !document.querySelector('[data-screen-area]') ||
      Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).some(
        coversScreen,
      ) ||
      document.querySelector('a[href="/notifications"]') !== null
    );
  });
}

export interface ScreenOptions {
  /** Parts that differ from run to run (a live video, say): painted over in the picture. */
  mask?: Locator[];
  /**
   * A page longer than the screen (a form), in full: the window grows to the page's height for
   * the picture, so sticky and fixed parts sit where they would at the end of the page. (A
   * full-page capture would paint them over the middle, where the first screen ends.)
   */
  wholePage?: boolean;
}

/**
 * Waits until fonts and the pictures in view are in, then compares the viewport (what a person
 * sees at this size) with the baseline `name`.png of this project.
 */
export async function expectScreen(
  page: Page,
  name: string,
  options: ScreenOptions = {},
): Promise<void> {
  const viewport = page.viewportSize();
  if (options.wholePage && viewport) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height });
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .poll(() => imagesInViewLoaded(page), { message: `pictures of ${name} never loaded` })
    .toBe(true);
  await expect
    .poll(() => bellSettled(page), { message: `the bell of ${name} never came` })
    .toBe(true);
  await expect(page).toHaveScreenshot(`${name}.png`, { mask: options.mask ?? [] });
  if (options.wholePage && viewport) await page.setViewportSize(viewport);
}

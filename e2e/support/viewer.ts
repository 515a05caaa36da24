import { expect, type Locator, type Page } from '@playwright/test';
import { registerViewer } from './home.ts';
import { userIdBySlug, waitForReadyStories, type StoryGroupJson } from './stories.ts';

/**
 * Helpers for the story viewer's layout journeys (tests/viewer-*.spec.ts): the two window sizes
 * every screen must work at, boxes and hit tests.
 */

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
export const VIEWPORTS = [PHONE, DESKTOP] as const;

/**
 * A demo creator (verified) whose first story is a short video with sound and whose second is
 * priced: locked for a fresh viewer. Her name is the one the phone header used to cut short.
 */
export const ANNA = { name: 'Anna Rivera', slug: 'anna-rivera', stories: 2 } as const;

/** A demo creator whose three stories are free images with captions. */
export const FATIMA = { name: 'Fatima Haddad', slug: 'fatima-haddad', stories: 3 } as const;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no layout box for ${locator.toString()}`);
  return box;
}

/** Clears the first-time guide for the signed-in user, so taps reach the story at once. */
export async function skipGuide(page: Page): Promise<void> {
  const response = await page.request.post('/api/users/update-guide', {
    headers: { accept: 'application/json' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Whether every point of a control can be hit: the element the browser finds at its centre and
 * near each edge is the control itself (or inside it). A control cut off by a clipping parent or
 * covered by another element fails here even though it is "visible".
 */
export async function isFullyHittable(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const inset = 3;
    const points = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + inset, rect.top + rect.height / 2],
      [rect.right - inset, rect.top + rect.height / 2],
      [rect.left + rect.width / 2, rect.top + inset],
      [rect.left + rect.width / 2, rect.bottom - inset],
    ];
    return points.every(([x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return hit !== null && element.contains(hit);
    });
  });
}

/** Drags a mouse pointer from a point straight down, as a finger would swipe to close. */
export async function swipeDownFrom(page: Page, x: number, y: number, distance = 140) {
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + distance, { steps: 6 });
  await page.mouse.up();
}

/**
 * Holds the downloads of signed media (`/media/...`) of the given kinds, so a story stays on
 * screen while a test looks at it: an image's clock starts only once it has loaded, and the demo
 * videos last three seconds, less than a loaded machine may need between steps. A video that
 * makes no progress moves on after 10 s, so tests still pause a video story at once.
 */
export async function holdMedia(
  page: Page,
  kinds: Array<'media' | 'image'> = ['media'],
): Promise<void> {
  await page.route('**/media/**', async (route) => {
    const kind = route.request().resourceType();
    // A held request is never answered: the element keeps waiting for it.
    if (kinds.includes(kind as 'media' | 'image')) return;
    await route.continue();
  });
}

/**
 * The opening of most viewer journeys: a fresh viewer with the guide cleared and media held,
 * once the creator's stories are ready. Answers the creator's story group.
 */
export async function newViewerOfReadyStories(
  page: Page,
  baseURL: string | undefined,
  creator: { slug: string; stories: number },
): Promise<StoryGroupJson> {
  await registerViewer(page, baseURL);
  await skipGuide(page);
  await holdMedia(page);
  const creatorId = await userIdBySlug(page, creator.slug);
  return waitForReadyStories(page, creatorId, creator.stories);
}

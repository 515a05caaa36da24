import { expect, type Locator, type Page } from '@playwright/test';
import { fetchAllDiscover, SEED_TIMEOUT_MS, type HomeItem } from './home.ts';

/**
 * Helpers for the layout journeys (tests/layout-*.spec.ts): the two sizes every screen is
 * checked at, and measurements taken in the page.
 */

/**
 * A full page load (the app's chunks, then the current user, then the screen's data) can take
 * 15 s on a busy 2-core runner; the first check after one waits this long.
 */
export const LOAD_TIMEOUT_MS = 30_000;

/** Loads `path` and waits until `ready` (something the screen shows once loaded) is visible. */
export async function openScreen(page: Page, path: string, ready: (page: Page) => Locator) {
  await page.goto(path);
  await expect(ready(page)).toBeVisible({ timeout: LOAD_TIMEOUT_MS });
}

/** A phone, and a desktop window wide enough for the rail's labels (1280 px and up). */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * The app navigation the user sees: the bottom bar on a phone, the rail on a desktop. Both are
 * in the page and named "Main"; the stylesheet shows one, and role queries skip the hidden one.
 */
export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** How many pixels the page is wider than the window (0: no sideways scrolling). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Whether an element's text is cut (an ellipsis): its content is wider than its box. */
export const isTruncated = (element: Locator) =>
  element.evaluate((node) => node.scrollWidth > node.clientWidth);

/** How many of `items` sit on the first line, i.e. share the first one's top edge. */
export async function itemsInFirstRow(items: Locator): Promise<number> {
  const tops = await items.evaluateAll((nodes) =>
    nodes.map((node) => Math.round(node.getBoundingClientRect().top)),
  );
  return tops.filter((top) => top === tops[0]).length;
}

/** How many of `items` are wholly inside `container`'s visible box (a scrolling row). */
export async function itemsFullyInView(container: Locator, items: Locator): Promise<number> {
  const box = await container.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    return { left: rect.left, right: rect.right };
  });
  const rects = await items.evaluateAll((nodes) =>
    nodes.map((node) => {
      const rect = node.getBoundingClientRect();
      return { left: rect.left, right: rect.right };
    }),
  );
  return rects.filter((rect) => rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5)
    .length;
}

/** Waits until Discover lists every creator in `slugs` (their demo stories are processed). */
export async function waitForCreators(page: Page, slugs: string[]): Promise<HomeItem[]> {
  let found: HomeItem[] = [];
  await expect
    .poll(
      async () => {
        const items = await fetchAllDiscover(page.request);
        found = slugs.flatMap((slug) => items.filter((item) => item.slug === slug));
        return found.length;
      },
      { message: `Discover never listed ${slugs.join(', ')}`, timeout: SEED_TIMEOUT_MS },
    )
    .toBe(slugs.length);
  return found;
}

/** Follows creators through the API as the page's signed-in viewer. */
export async function follow(page: Page, baseURL: string | undefined, ids: number[]) {
  if (!baseURL) throw new Error('baseURL is not configured');
  for (const id of ids) {
    const response = await page.request.post(`/api/users/${id}/follow`, {
      headers: { Origin: new URL(baseURL).origin },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

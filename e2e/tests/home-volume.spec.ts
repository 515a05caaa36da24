import { expect, test, type Page } from '@playwright/test';
import { homeSection, registerViewer, storyAvatars } from '../support/home.ts';
import {
  horizontalOverflow,
  itemsInFirstRow,
  LOAD_TIMEOUT_MS,
  VIEWPORTS,
} from '../support/layout.ts';

// Issue 25, realistic volume: home with 200 creators in each section, names of 50 characters.
// The lists come from a stand-in for the home API (page.route): the server's own paging over 200
// creators is features/home/home-volume.api.test.ts; here the browser shows them, at both sizes,
// in seconds instead of minutes of seeding 600 creators with processed stories.

const CREATORS = 200;

/** 50 characters: two long words for most, one unbreakable word for every seventh. */
function longName(index: number): string {
  const number = String(index).padStart(3, '0');
  const name =
    index % 7 === 0
      ? `Maximilianakonstantinopoulouwolkensteinhausen${number}`
      : `Maximiliana Konstantinopoulou-Wolkensteinhaus ${number}`;
  return name.padEnd(50, 'x').slice(0, 50);
}

/** A creator as GET /api/home/stories/{section} answers (contract HomeItem). */
function creator(id: number) {
  return {
    id,
    slug: `volume-${id}`,
    name: longName(id),
    image: null,
    has_stories: 1,
    hasNotWatchedStories: id % 3 === 0,
    order: 0,
    isVerify: id % 5 === 0,
    subscribed: false,
    stream: null,
  };
}

const section = (from: number) => Array.from({ length: CREATORS }, (_, i) => creator(from + i));
const LISTS = { subscribed: section(1_000), following: section(2_000), discover: section(3_000) };

/** Answers the home lists from LISTS, Discover by `page` and `limit`; records Discover's pages. */
async function serveHome(page: Page): Promise<number[]> {
  const discoverPages: number[] = [];
  await page.route(/\/api\/home\/stories\/(subscribed|following|discover)/, async (route) => {
    const url = new URL(route.request().url());
    const name = url.pathname.split('/').pop() as keyof typeof LISTS;
    let body = LISTS[name];
    if (name === 'discover') {
      const number = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 60);
      discoverPages.push(number);
      body = body.slice((number - 1) * limit, number * limit);
    }
    await route.fulfill({ json: body });
  });
  return discoverPages;
}

for (const size of ['phone', 'desktop'] as const) {
  test.describe(`home with 200 creators, ${size}`, () => {
    test.use({ viewport: VIEWPORTS[size], hasTouch: size === 'phone' });

    test('rows scroll inside themselves, Discover pages without repeats, nothing overflows', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await registerViewer(page, baseURL);
      const discoverPages = await serveHome(page);
      await page.goto('/');
      const discover = homeSection(page, 'Discover');
      await expect(storyAvatars(discover).first()).toBeVisible({ timeout: LOAD_TIMEOUT_MS });

      // Each row holds all 200 and scrolls sideways inside itself, not the page.
      for (const name of ['Subscribed', 'Following'] as const) {
        const row = homeSection(page, name).getByRole('list');
        await expect(row.getByRole('listitem')).toHaveCount(CREATORS);
        const scrolls = await row.evaluate((node) => node.scrollWidth > node.clientWidth);
        expect(scrolls, `${name} scrolls inside itself`).toBe(true);
      }
      expect(await horizontalOverflow(page)).toBe(0);
      const cells = discover.getByRole('listitem');
      expect(await itemsInFirstRow(cells)).toBe(size === 'phone' ? 3 : 6);

      // Discover pages as the end comes into view: to the end on a phone (all 200, each once),
      // two pages on a desktop (the same paging with the same page size, 18, so half the time).
      // Scrolled and counted in one step in the page (a locator's scrolling waits for a still
      // grid).
      const shown = size === 'phone' ? CREATORS : 36;
      await expect
        .poll(
          () =>
            discover.evaluate((region) => {
              window.scrollTo(0, document.documentElement.scrollHeight);
              return region.querySelectorAll('li').length;
            }),
          { timeout: 90_000, intervals: [250] },
        )
        .toBeGreaterThanOrEqual(shown);
      if (size === 'phone') {
        await expect(cells).toHaveCount(CREATORS);
        await expect(page.getByTestId('discover-sentinel')).toHaveCount(0);
      }
      const hrefs = await discover
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(new Set(hrefs).size).toBe(hrefs.length);
      expect([...new Set(discoverPages)]).toEqual(
        Array.from({ length: Math.max(...discoverPages) }, (_, i) => i + 1),
      );

      // 50-character names (one unbreakable word among them) stay inside their cells, cut short.
      const escapes = await cells.evaluateAll(
        (items) =>
          items.filter((item) => {
            const link = item.querySelector('a');
            if (!link) return true;
            const cell = item.getBoundingClientRect();
            const name = link.getBoundingClientRect();
            return name.left < cell.left - 1 || name.right > cell.right + 1;
          }).length,
      );
      expect(escapes).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);
    });
  });
}

import { expect, test } from '@playwright/test';
import {
  openHome,
  registerViewer,
  SEED_TIMEOUT_MS,
  shownSlugs,
  storyAvatars,
  waitForDiscover,
} from '../support/home.ts';

// Spec 9: page size = 3 x ceil(floor(window height / 50) / 3) = 3 x ceil(10 / 3) = 12 at 500 px.
const HEIGHT = 500;
const PAGE_SIZE = 12;

test.use({ viewport: { width: 390, height: HEIGHT } });

test('scrolling to the end of Discover loads page 2 without duplicates', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(SEED_TIMEOUT_MS + 60_000);
  await registerViewer(page, baseURL);
  // A full page 1 and a row more for page 2.
  await waitForDiscover(page.request, PAGE_SIZE + 3);

  const discoverRequests: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/home/stories/discover') discoverRequests.push(url);
  });
  const firstPage = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/home/stories/discover' &&
      new URL(response.url()).searchParams.get('page') === '1',
  );
  const discover = await openHome(page, PAGE_SIZE);
  const page1 = (await (await firstPage).json()) as Array<{ id: number }>;
  expect(new URL((await firstPage).url()).searchParams.get('limit')).toBe(String(PAGE_SIZE));
  expect(page1).toHaveLength(PAGE_SIZE);

  // Until the end of the list comes near, only page 1 is there.
  await expect(storyAvatars(discover)).toHaveCount(PAGE_SIZE);
  expect(discoverRequests.map((url) => url.searchParams.get('page'))).toEqual(['1']);

  const secondPage = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/home/stories/discover' &&
      new URL(response.url()).searchParams.get('page') === '2',
  );
  await page.getByTestId('discover-sentinel').scrollIntoViewIfNeeded();
  const page2Response = await secondPage;
  expect(new URL(page2Response.url()).searchParams.get('limit')).toBe(String(PAGE_SIZE));
  const page2 = (await page2Response.json()) as Array<{ id: number }>;
  // Page 2 brings creators page 1 did not have.
  const page1Ids = new Set(page1.map((item) => item.id));
  expect(page2.filter((item) => !page1Ids.has(item.id)).length).toBeGreaterThan(0);

  await expect.poll(async () => storyAvatars(discover).count()).toBeGreaterThan(PAGE_SIZE);
  const slugs = await shownSlugs(discover);
  expect(new Set(slugs).size).toBe(slugs.length);
  await expect(storyAvatars(discover)).toHaveCount(slugs.length);
});

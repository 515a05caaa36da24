import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { dateYearsAgo, SIGN_UP_CONSENT, uniqueEmail } from './accounts.ts';
import { confirmAddressByMail } from './mailbox.ts';

/**
 * Helpers for the home journeys (tests/home-*.spec.ts): a fresh viewer per test, the home API as
 * a reference, and waiting for the demo stories, which become visible only as the server's
 * background processing finishes (about two minutes for all 70 creators on a cold start).
 */

/** What GET /api/home/stories/{section} answers per creator (the fields the journeys use). */
export interface HomeItem {
  id: number;
  slug: string;
  name: string;
  has_stories: boolean;
  hasNotWatchedStories: boolean;
  order: number;
}

export type HomeSectionName = 'subscribed' | 'following' | 'discover';

/** The query the web app sends for a filter (see apps/web/src/features/filter/filter-model.ts). */
export interface HomeQuery {
  age_min?: number;
  age_max?: number;
  genders?: Array<'male' | 'female' | 'transgender'>;
  tags?: number[];
  categories?: number[];
  countries?: number[];
}

/** The server's largest Discover page (docs/decisions.md). */
const MAX_LIMIT = 60;

/** Long enough for the demo seed's stories to finish processing on a slow, cold machine. */
export const SEED_TIMEOUT_MS = 150_000;

/**
 * For a home list to show a change (a saved filter, a follow): the refetch of every loaded
 * Discover page runs one page after another, which takes a while on a loaded 2-core machine.
 */
export const REFETCH_TIMEOUT_MS = 20_000;

export interface Viewer {
  id: number;
  slug: string;
  name: string;
  email: string;
}

/**
 * Registers a new viewer through the API from the page's own request context, so the session
 * cookie lands in the browser context (the Origin header passes the server's CSRF check).
 */
export async function registerViewer(page: Page, baseURL: string | undefined): Promise<Viewer> {
  if (!baseURL) throw new Error('baseURL is not configured');
  const email = uniqueEmail('home');
  const name = `Vera ${randomBytes(3).toString('hex')}`;
  const response = await page.request.post('/api/auth/register', {
    headers: { Origin: new URL(baseURL).origin },
    data: {
      email,
      password: `e2e pass ${randomBytes(6).toString('hex')}`,
      name,
      birthdate: dateYearsAgo(30),
      sex: 'female',
      country_code: 'de',
      ...SIGN_UP_CONSENT,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: number; slug: string };
  await confirmAddressByMail(page.request, email);
  return { id: body.id, slug: body.slug, name, email };
}

function searchParams(query: HomeQuery & { page?: number; limit?: number }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ age_min: 18, age_max: 100, ...query })) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
  return params.toString();
}

/** One answer of the home API, as the signed-in viewer of `request`. */
export async function fetchSection(
  request: APIRequestContext,
  section: HomeSectionName,
  query: HomeQuery & { page?: number; limit?: number } = {},
): Promise<HomeItem[]> {
  const response = await request.get(`/api/home/stories/${section}?${searchParams(query)}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as HomeItem[];
}

/** Every Discover page for this viewer and filter. */
export async function fetchAllDiscover(
  request: APIRequestContext,
  query: HomeQuery = {},
): Promise<HomeItem[]> {
  const items: HomeItem[] = [];
  for (let page = 1; page < 100; page++) {
    const batch = await fetchSection(request, 'discover', { ...query, page, limit: MAX_LIMIT });
    items.push(...batch);
    if (batch.length < MAX_LIMIT) break;
  }
  return items;
}

/**
 * Polls the API until Discover (with this filter) holds at least `min` creators: the demo stories
 * are posted right after the server starts and show up as their processing finishes.
 */
export async function waitForDiscover(
  request: APIRequestContext,
  min: number,
  query: HomeQuery = {},
): Promise<HomeItem[]> {
  let items: HomeItem[] = [];
  await expect
    .poll(
      async () => {
        items = await fetchAllDiscover(request, query);
        return items.length;
      },
      {
        message: `Discover never reached ${min} creators for ${JSON.stringify(query)}`,
        timeout: SEED_TIMEOUT_MS,
        intervals: [500, 1000, 2000],
      },
    )
    .toBeGreaterThanOrEqual(min);
  return items;
}

/** A home section by its heading (each is a labelled region). */
export const homeSection = (page: Page, name: 'Subscribed' | 'Following' | 'Discover') =>
  page.getByRole('main').getByRole('region', { name, exact: true });

/** The avatar buttons that open a creator's stories ("Stories of …", ", new stories" if ringed). */
export const storyAvatars = (scope: Locator) => scope.getByRole('button', { name: /^Stories of / });

/** The profile links (names) in a section; each item has exactly one. */
export const profileLinks = (scope: Locator) => scope.getByRole('listitem').getByRole('link');

/** The slugs of the creators a section shows, read from their profile links (`/u/:slug?…`). */
export async function shownSlugs(scope: Locator): Promise<string[]> {
  const hrefs = await profileLinks(scope).evaluateAll((links) =>
    links.map((link) => link.getAttribute('href') ?? ''),
  );
  return hrefs.map((href) => {
    const match = /^\/u\/([^/?#]+)/.exec(href);
    if (!match) throw new Error(`not a profile link: ${href}`);
    return decodeURIComponent(match[1]!);
  });
}

/** Opens the home page and waits until Discover shows at least `min` creators. */
export async function openHome(page: Page, min = 1): Promise<Locator> {
  await page.goto('/');
  const discover = homeSection(page, 'Discover');
  await expect
    .poll(async () => storyAvatars(discover).count(), {
      message: `Discover on the home page never showed ${min} creators`,
      // The first page of a run loads while the demo media is still being processed.
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(min);
  return discover;
}

/** The header's filter button; `data-active` and its description say whether a filter is saved. */
export const filterButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Filters', exact: true });

import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { gradientPng } from './png.ts';

/**
 * Story helpers for the story journeys. API calls go through `page.request`, which shares the
 * browser context's cookies, so they run as whoever is signed in on that page.
 */

/** The parts of a viewer story (GET /api/users/{id}/stories) these tests look at. */
export interface ViewerStory {
  id: number;
  text: string;
  is_video: boolean;
  isAvailable: boolean;
  watched: boolean;
  price: number | null;
}

export interface StoryGroupJson {
  stories: ViewerStory[];
  name: string;
  slug: string;
  creator_id: number;
  guide: boolean;
}

/** The parts of an own story (GET /api/users/me/stories) these tests look at. */
export interface OwnStoryJson {
  id: number;
  text: string;
  price: number | null;
  free: 'free' | null;
  is_video: boolean;
  is_processing: boolean;
  processing_error: string | null;
  mp4_video_src: string | null;
  overlay_src: string | null;
}

/** Demo stories and fresh uploads are processed in the background, one job at a time. */
export const PROCESSING_TIMEOUT_MS = 90_000;

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { accept: 'application/json' } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

export async function userIdBySlug(page: Page, slug: string): Promise<number> {
  return (await getJson<{ id: number }>(page, `/api/users/slug/${encodeURIComponent(slug)}`)).id;
}

export const storyGroup = (page: Page, userId: number) =>
  getJson<StoryGroupJson>(page, `/api/users/${userId}/stories`);

export const ownStories = (page: Page) => getJson<OwnStoryJson[]>(page, '/api/users/me/stories');

/** Polls a creator's group until `count` stories are ready (the demo seed posts them at start). */
export async function waitForReadyStories(
  page: Page,
  userId: number,
  count: number,
): Promise<StoryGroupJson> {
  let group: StoryGroupJson | undefined;
  await expect
    .poll(
      async () => {
        group = await storyGroup(page, userId);
        return group.stories.length;
      },
      { timeout: PROCESSING_TIMEOUT_MS, intervals: [500, 1_000] },
    )
    .toBeGreaterThanOrEqual(count);
  return group!;
}

/** The signed-in user's watched flags for a creator's stories, oldest first. */
export async function watchedFlags(page: Page, userId: number): Promise<boolean[]> {
  return (await storyGroup(page, userId)).stories.map((story) => story.watched);
}

/** Polls the own stories until the one with this id is processed; returns it. */
export async function waitForOwnStoryReady(page: Page, storyId: number): Promise<OwnStoryJson> {
  let story: OwnStoryJson | undefined;
  await expect
    .poll(
      async () => {
        story = (await ownStories(page)).find((s) => s.id === storyId);
        return story ? (story.processing_error ?? story.is_processing) : 'missing';
      },
      { timeout: PROCESSING_TIMEOUT_MS, intervals: [500, 1_000] },
    )
    .toBe(false);
  return story!;
}

/** A text no other story (or earlier run) carries, so a test finds its own story by it. */
export function uniqueStoryText(label: string): string {
  return `e2e ${label} ${randomBytes(4).toString('hex')}`;
}

/**
 * Posts an image story without the UI, as plain multipart (the API accepts it for simple
 * clients): setup for journeys that are about something else. Returns the new story's id.
 */
export async function postImageStoryViaApi(
  page: Page,
  options: { text: string; price?: number | null },
): Promise<number> {
  const response = await page.request.post('/api/stories', {
    headers: { accept: 'application/json' },
    multipart: {
      file: { name: 'story.png', mimeType: 'image/png', buffer: gradientPng(320) },
      model: JSON.stringify({ text: options.text, tags: [], price: options.price ?? null }),
      meta: JSON.stringify({ muted: false, width: 320, height: 320 }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

// --- Story viewer -------------------------------------------------------------------------

export const viewerDialog = (page: Page, creatorName: string) =>
  page.getByRole('dialog', { name: `Stories of ${creatorName}` });

/** The "Story n of m" line the viewer keeps for screen readers. */
export const viewerPosition = (viewer: Locator) => viewer.getByText(/^Story \d+ of \d+$/);

export const storyRing = (page: Page, creatorName: string) =>
  page.getByRole('button', { name: `View ${creatorName}'s stories` });

/**
 * Taps the story area (pointer down and up well under the 300 ms tap limit) in its left, middle
 * or right third. Low on the stage, away from the step buttons at mid-height and the top bar.
 */
export async function tapStory(viewer: Locator, zone: 'left' | 'middle' | 'right') {
  const stage = viewer.getByTestId('story-stage');
  const box = await stage.boundingBox();
  if (!box) throw new Error('the story stage has no layout');
  const x = { left: 0.15, middle: 0.5, right: 0.85 }[zone] * box.width;
  await stage.click({ position: { x, y: box.height * 0.72 } });
}

// --- Posting flow -------------------------------------------------------------------------

export const postingDialog = (page: Page) => page.getByRole('dialog', { name: 'New story' });

/** From the result preview (step 1) through the form (step 2) to a successful post. */
export async function finishPosting(page: Page, description: string): Promise<void> {
  const flow = postingDialog(page);
  await flow.getByRole('button', { name: 'Next' }).click();
  await expect(flow.getByRole('heading', { name: 'Before posting' })).toBeVisible();
  await flow.getByLabel('Description', { exact: true }).fill(description);
  await flow.getByRole('button', { name: 'Post story' }).click();
  await expect(flow.getByRole('button', { name: 'Posted' })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText('Story posted. It appears once it has been processed.'),
  ).toBeVisible();
}

// --- Own-story menu -----------------------------------------------------------------------

export const ownStoriesMenu = (page: Page) => page.getByRole('dialog', { name: 'My stories' });

/** Opens the own-story menu from the own avatar on /me (it is there once a story exists). */
export async function openOwnStoriesMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open my stories' }).click();
  const menu = ownStoriesMenu(page);
  await expect(menu).toBeVisible();
  return menu;
}

/** The carousel items, newest first. */
export const carouselItems = (menu: Locator) =>
  menu.getByRole('listbox', { name: 'My stories' }).getByRole('option');

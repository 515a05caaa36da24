import type { Locator, Page } from '@playwright/test';
import { expect } from './screen.ts';

/**
 * The story viewer's screens. Watching a story is a write (the rings and the viewer's start
 * story depend on it), and the phone and desktop runs share one server: the visual tests answer
 * the watch and guide calls themselves, as the server would, so the data every screen sees
 * stays as the dataset made it.
 */
export async function keepViewingStateUnchanged(page: Page): Promise<void> {
  await page.route('**/api/stories/*/watch', (route) => route.fulfill({ status: 204 }));
  await page.route('**/api/users/update-guide', (route) =>
    route.fulfill({ status: 200, json: { success: true } }),
  );
}

export const viewerDialog = (page: Page, creatorName: string) =>
  page.getByRole('dialog', { name: `Stories of ${creatorName}` });

export const storyPosition = (viewer: Locator) => viewer.getByText(/^Story \d+ of \d+$/);

/**
 * The shown picture of an available image story, once it has loaded. Checked with matchers
 * only (no `evaluate` in the page): they keep working while the page clock is stopped.
 */
export async function expectStoryPicture(viewer: Locator, caption: string): Promise<void> {
  const picture = storyPicture(viewer, caption);
  await expect(picture).toBeVisible();
  await expect(picture).toHaveJSProperty('complete', true);
  await expect(picture).not.toHaveJSProperty('naturalWidth', 0);
}

export const storyPicture = (viewer: Locator, caption: string) =>
  viewer.getByTestId('story-stage').getByRole('img', { name: caption });

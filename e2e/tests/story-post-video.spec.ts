import { expect, test } from '@playwright/test';
import { signUp } from '../support/accounts.ts';
import {
  carouselItems,
  finishPosting,
  openOwnStoriesMenu,
  ownStories,
  postingDialog,
  PROCESSING_TIMEOUT_MS,
  uniqueStoryText,
} from '../support/stories.ts';

test('records a video with the (fake) camera, posts it, and sees it go from processing to ready', async ({
  page,
}) => {
  // Waits on background media processing, slow while the demo seed's media is processed too.
  test.setTimeout(120_000);
  await signUp(page, { name: 'Cam Poster' });
  await page.goto('/me');
  // No story yet: the avatar is a plain photo, not the own-story menu.
  await expect(page.getByRole('button', { name: 'Open my stories' })).toHaveCount(0);

  await page.getByRole('button', { name: 'New story' }).click();
  const flow = postingDialog(page);
  await expect(flow).toBeVisible();
  // Step 0: the fake device's picture plays in the preview.
  const preview = flow.getByLabel('Camera preview');
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);

  // A tap starts recording, another stops it; about two seconds of video.
  await flow.getByRole('button', { name: 'Record video' }).click();
  const stop = flow.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  await expect(flow.getByText(/^Recording 0:02 \//)).toBeVisible({ timeout: 10_000 });
  await stop.click();

  // Step 1: the recording plays back from the browser before anything is uploaded.
  const recorded = flow.getByLabel('Your video');
  await expect(recorded).toBeVisible();
  await expect
    .poll(() => recorded.evaluate((video: HTMLVideoElement) => video.readyState), {
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(2);

  const text = uniqueStoryText('video');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/stories') && response.request().method() === 'POST',
  );
  await finishPosting(page, text);
  const story = (await (await created).json()) as { id: number; is_processing?: boolean };
  expect(story.is_processing).toBe(true);
  // Escape closes the flow at once (it would close itself 2 s after posting).
  await page.keyboard.press('Escape');
  await expect(flow).toBeHidden();

  const menu = await openOwnStoriesMenu(page);
  const items = carouselItems(menu);
  await expect(items).toHaveCount(1);
  const item = items.first();
  const video = item.getByLabel('Story video');

  // Both states appear in the open menu, without a reload: the spinner, then the video
  // (the server's realtime story.ready refreshes the list).
  await expect(item).toHaveAccessibleName('Story 1 of 1, processing');
  await expect(item.getByRole('status')).toHaveText('Processing…');
  await expect(video).toHaveCount(0);
  await expect(item).toHaveAccessibleName('Story 1 of 1', { timeout: PROCESSING_TIMEOUT_MS });
  await expect(item.getByRole('status')).toHaveCount(0);
  await expect(video.locator('source[type="video/mp4"]')).toHaveAttribute('src', /\/media\//);
  await expect(video).toHaveAttribute('poster', /\/media\//);

  const [own] = await ownStories(page);
  expect(own).toMatchObject({
    id: story.id,
    text,
    is_video: true,
    is_processing: false,
    processing_error: null,
  });

  // Double-click opens it full screen, where the mp4 really loads and plays.
  await item.dblclick();
  const full = page.getByRole('dialog', { name: 'Story full screen' });
  const fullVideo = full.getByLabel('Story video');
  await expect(fullVideo).toBeVisible();
  await expect
    .poll(
      () =>
        fullVideo.evaluate((v: HTMLVideoElement) => ({
          source: new URL(v.currentSrc, location.href).pathname.split('/')[1],
          decoded: v.readyState >= 2 && v.videoWidth > 0 && v.duration > 1,
          failed: v.error?.code ?? null,
        })),
      { timeout: 15_000 },
    )
    .toEqual({ source: 'media', decoded: true, failed: null });
  await full.getByRole('button', { name: 'Close full screen' }).click();
  await expect(full).toBeHidden();
  await expect(menu).toBeVisible();
});

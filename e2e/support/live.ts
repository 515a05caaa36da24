import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Helpers for the live stream journey (tests/live-stream.spec.ts): the creator's Go live screen
 * with Chromium's fake camera, the viewer's Streams tab and watch screen, by accessible names.
 */

/**
 * From Start to the first HLS segments a viewer can load: the browser's recorder, the server's
 * ffmpeg starting and writing its first 1 s segments. A few seconds on a quiet machine; on a
 * 2-core one with a load of 20 the niced live encoder got under 5% of a core and took 30-50 s.
 */
export const LIVE_START_TIMEOUT_MS = 90_000;

/** The Go live screen's status line ("Connecting…", "Live", "Reconnecting…", "Ended"). */
export const goLiveStatus = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /^(Connecting…|Waiting for video|Live$|Reconnecting…|Ended$)/ });

/** The live chat beside the video (the viewer's) or under the status line (the creator's). */
export const liveChat = (page: Page) => page.getByRole('region', { name: 'Live chat' });

/** The chat's lines (each a list item of the "Chat messages" log) that show this text. */
export const chatLine = (chat: Locator, text: string | RegExp) =>
  chat.getByRole('log', { name: 'Chat messages' }).getByRole('listitem').filter({ hasText: text });

/**
 * Opens Go live from the own profile, fills the title and starts streaming from the fake camera;
 * waits until the browser ingest is connected ("Live" on the status line).
 */
export async function goLiveFromCamera(page: Page, title: string): Promise<void> {
  await page.goto('/me');
  await page.getByRole('main').getByRole('link', { name: 'Go live' }).click();
  await expect(page).toHaveURL('/me/live');
  // The fake camera's picture is on the preview before Start is enabled.
  const start = page.getByRole('button', { name: 'Start streaming' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await page.getByLabel('Title', { exact: true }).fill(title);
  await start.click();
  await expect(goLiveStatus(page)).toHaveText('Live', { timeout: LIVE_START_TIMEOUT_MS });
}

/** Ends the stream from the Go live screen, through its confirmation. */
export async function endStream(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'End stream' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'End the stream?' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: 'Your stream has ended' })).toBeVisible();
}

/** The watch screen's player (a <video> has no ARIA role; its label names the creator). */
export const liveVideo = (page: Page, creatorName: string) =>
  page.getByLabel(`Live video of ${creatorName}`, { exact: true });

/**
 * Waits until the video is really playing: its `currentTime` moves past 0, then on by another
 * half second (more than one frame decoded; the next segment played). Segments come about a
 * second apart on a quiet machine, one every 15-20 s when two cores carry a load of 20.
 */
export async function expectVideoPlays(video: Locator): Promise<void> {
  const currentTime = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect
    .poll(currentTime, {
      message: 'the live video never started',
      timeout: LIVE_START_TIMEOUT_MS,
      intervals: [250, 500, 1_000],
    })
    .toBeGreaterThan(0);
  const before = await currentTime();
  await expect
    .poll(currentTime, {
      message: `the live video stopped at ${before} s`,
      timeout: LIVE_START_TIMEOUT_MS,
      intervals: [250, 500, 1_000],
    })
    .toBeGreaterThan(before + 0.5);
}

/** Where the video's buffered media ends now (its current time when nothing is buffered). */
export function bufferedEnd(video: Locator): Promise<number> {
  return video.evaluate((element: HTMLVideoElement) =>
    element.buffered.length > 0
      ? element.buffered.end(element.buffered.length - 1)
      : element.currentTime,
  );
}

/** Waits until the video has played past `seconds` (media it had not loaded before). */
export async function expectVideoPlaysPast(video: Locator, seconds: number): Promise<void> {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      message: `the live video never played past ${seconds} s`,
      timeout: LIVE_START_TIMEOUT_MS,
      intervals: [250, 500, 1_000],
    })
    .toBeGreaterThan(seconds);
}

import type { Browser } from '@playwright/test';
import {
  endStream,
  expectVideoPlays,
  goLiveStatus,
  LIVE_START_TIMEOUT_MS,
  liveChat,
  liveVideo,
} from '../support/live.ts';
import { IRIS, OMAR } from './dataset.ts';
import { expectScreen, expect, signInAs, test } from './screen.ts';

/*
 * The watch screen of a live stream. It runs in the projects `phone-live` and `desktop-live`,
 * after every other screen (playwright.visual.config.ts): a live stream shows on the Streams
 * tab and makes its creator "online", which the other screens must not see.
 */

/** Iris goes live from the still camera in a browser context of her own. */
async function irisGoesLive(browser: Browser, title: string) {
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAs(page, IRIS);
  await page.goto('/me/live');
  const start = page.getByRole('button', { name: 'Start streaming' });
  await expect(start).toBeEnabled();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await start.click();
  await expect(goLiveStatus(page)).toHaveText('Live', { timeout: LIVE_START_TIMEOUT_MS });
  return { context, page };
}

test('watching a live stream: the player, its creator and viewers, the chat', async ({
  page,
  browser,
}) => {
  test.setTimeout(4 * LIVE_START_TIMEOUT_MS);
  const iris = await irisGoesLive(browser, 'Friday acoustic session');
  try {
    // Omar follows Iris; he opens her stream from her profile's address.
    await signInAs(page, OMAR);
    await page.goto(`/u/${IRIS.slug}/streams`);
    const video = liveVideo(page, IRIS.name);
    await expectVideoPlays(video);
    await expect(page.getByText('1 watching', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(
      liveChat(page).getByRole('textbox', { name: 'Message', exact: true }),
    ).toBeVisible();
    // The picture is a live video, a different frame each run: hidden, so the stage's black
    // shows under the controls drawn over it (a mask would paint over them too).
    await video.evaluate((element) => (element.style.visibility = 'hidden'));
    await expectScreen(page, 'live-watch');
  } finally {
    await endStream(iris.page);
    await iris.context.close();
  }
});

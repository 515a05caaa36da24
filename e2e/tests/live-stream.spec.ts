import { expect, test } from '@playwright/test';
import { newPerson, uniqueLine, verifyViaSandbox } from '../support/chat.ts';
import {
  bufferedEnd,
  chatLine,
  endStream,
  expectVideoPlays,
  expectVideoPlaysPast,
  goLiveFromCamera,
  goLiveStatus,
  LIVE_START_TIMEOUT_MS,
  liveChat,
  liveVideo,
} from '../support/live.ts';
import { mainNavigation } from '../support/layout.ts';
import { topUpViaSandbox, usd, walletOf } from '../support/money.ts';
import { DESKTOP, PHONE } from '../support/viewer.ts';

// Issue 12: the creator goes live from the browser with Chromium's fake camera (MediaRecorder
// chunks over the ingest WebSocket, the server's ffmpeg cutting 1 s HLS segments); a viewer in
// a second browser finds the stream on the Streams tab, watches it play, chats and tips; the
// creator sees both, reloads the Go live screen and carries on, ends the stream, and the viewer
// sees it end. Every screen at both sizes: the creator on a phone and the viewer on a desktop,
// then the other way round.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const layouts = [
  { label: 'creator on a phone, viewer on a desktop', creator: PHONE, viewer: DESKTOP },
  { label: 'creator on a desktop, viewer on a phone', creator: DESKTOP, viewer: PHONE },
];

for (const layout of layouts) {
  test(`goes live from the camera; a viewer watches, chats and tips (${layout.label})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(6 * LIVE_START_TIMEOUT_MS);
    const creator = await newPerson(browser, baseURL, { viewport: layout.creator });
    // Tips in a stream's chat go only to verified creators.
    await verifyViaSandbox(creator.page);
    const viewer = await newPerson(browser, baseURL, { viewport: layout.viewer });
    await topUpViaSandbox(viewer.page, 20);

    const title = uniqueLine('Morning run live');
    await goLiveFromCamera(creator.page, title);
    // The creator's own preview carries the LIVE badge once the ingest is connected.
    await expect(creator.page.getByText('Live', { exact: true }).first()).toBeVisible();

    // The viewer opens home's Streams tab: the creator turns up once the first segments are
    // written (stream.started reloads the lists), and the photo opens the stream.
    await viewer.page.goto('/');
    const main = viewer.page.getByRole('main');
    await main
      .getByRole('tablist', { name: 'Content' })
      .getByRole('tab', { name: 'Streams' })
      .click();
    const entry = main.getByRole('link', {
      name: new RegExp(`^Watch ${escape(creator.name)} live: ${escape(title)}, \\d+ watching$`),
    });
    await expect(entry).toBeVisible({ timeout: LIVE_START_TIMEOUT_MS });
    await entry.click();
    await expect(viewer.page).toHaveURL(`/u/${creator.slug}/streams?fromHome=1`);
    await expect(
      viewer.page.getByRole('heading', { name: `${creator.name} live`, exact: true }),
    ).toBeAttached();
    await expectVideoPlays(liveVideo(viewer.page, creator.name));
    // Playback starts muted (autoplay rules); the hint over the video turns the sound on and goes.
    const video = liveVideo(viewer.page, creator.name);
    const isMuted = () => video.evaluate((element: HTMLVideoElement) => element.muted);
    const unmute = viewer.page.getByRole('button', { name: /^(Tap|Click) to unmute$/ });
    await expect(unmute).toBeVisible();
    expect(await isMuted()).toBe(true);
    await unmute.click();
    await expect(unmute).toBeHidden();
    expect(await isMuted()).toBe(false);
    // Full screen takes the player (the video and its controls): by its button or "f"; Esc and
    // the button leave it.
    const playerInFullScreen = () =>
      viewer.page.evaluate(
        () =>
          document.fullscreenElement?.contains(
            document.querySelector('[data-testid="live-video"]'),
          ) ?? false,
      );
    await viewer.page.getByRole('button', { name: 'Full screen', exact: true }).click();
    await expect.poll(playerInFullScreen).toBe(true);
    await viewer.page.keyboard.press('Escape');
    await expect.poll(playerInFullScreen).toBe(false);
    await viewer.page.keyboard.press('f');
    await expect.poll(playerInFullScreen).toBe(true);
    await viewer.page.getByRole('button', { name: 'Exit full screen', exact: true }).click();
    await expect.poll(playerInFullScreen).toBe(false);
    if (layout.viewer === DESKTOP) {
      // On a desktop the stage takes all the room beside the rail: the video, then the chat
      // against the window's right edge, no margins either side.
      const rail = (await mainNavigation(viewer.page).boundingBox())!;
      const stage = (await viewer.page.getByRole('main').boundingBox())!;
      const chat = (await liveChat(viewer.page).boundingBox())!;
      expect(stage.x).toBe(rail.x + rail.width);
      expect(chat.x).toBe(stage.x + stage.width);
      expect(chat.x + chat.width).toBe(DESKTOP.width);
    }
    // The creator's status line counts the viewer (counted every few seconds).
    await expect(creator.page.getByText('1 watching', { exact: true })).toBeVisible({
      timeout: 20_000,
    });

    // A chat message from the viewer reaches the creator's chat live.
    const viewerChat = liveChat(viewer.page);
    const creatorChat = liveChat(creator.page);
    const hello = uniqueLine('Hello from the front row');
    await viewerChat.getByRole('textbox', { name: 'Message', exact: true }).fill(hello);
    await viewerChat.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(chatLine(viewerChat, hello)).toHaveText(`You ${hello}`);
    await expect(chatLine(creatorChat, hello)).toHaveText(`${viewer.name} ${hello}`);

    // A tip from the chat's tip button: it leaves the wallet once and shows in both chats.
    await viewerChat.getByRole('button', { name: `Tip ${creator.name}`, exact: true }).click();
    const sheet = viewer.page.getByRole('dialog', { name: 'Tip' });
    await expect(sheet).toBeVisible();
    await sheet.getByText(usd(5), { exact: true }).click();
    await expect(sheet.getByRole('radio', { name: usd(5) })).toBeChecked();
    const thanks = uniqueLine('Great pace');
    await sheet.getByLabel('Message (optional)').fill(thanks);
    await sheet.getByRole('button', { name: 'Send tip' }).click();
    await expect(viewer.page.getByText('Tip sent')).toBeVisible();
    await expect(sheet).toBeHidden();
    const tipped = `${viewer.name} tipped ${usd(5)} ${thanks}`;
    await expect(chatLine(creatorChat, thanks)).toHaveText(tipped);
    await expect(chatLine(viewerChat, thanks)).toHaveText(tipped);
    await expect.poll(async () => (await walletOf(viewer.page)).balance).toBeCloseTo(15, 2);
    // The creator has no tip button in the own stream's chat.
    await expect(creatorChat.getByRole('button', { name: /^Tip / })).toHaveCount(0);

    // The creator reloads the Go live screen mid-stream (leaving when the browser asks): the
    // screen takes the stream up again, the camera sends again, and the viewer's video goes on.
    // The viewer's video goes on past what it had loaded when the creator reloaded.
    const loadedBeforeReload = await bufferedEnd(liveVideo(viewer.page, creator.name));
    creator.page.once('dialog', (dialog) => void dialog.accept());
    await creator.page.reload();
    await expect(
      creator.page.getByText(`Your stream “${title}” has not ended: it goes on from here.`),
    ).toBeVisible();
    await expect(goLiveStatus(creator.page)).toHaveText('Live', {
      timeout: LIVE_START_TIMEOUT_MS,
    });
    await expect(chatLine(creatorChat, hello)).toBeVisible();
    await expectVideoPlaysPast(liveVideo(viewer.page, creator.name), loadedBeforeReload + 1);

    // Then the creator ends the stream.
    await endStream(creator.page);
    const ended = viewer.page.getByRole('main').getByRole('status');
    await expect(ended).toContainText('This stream has ended');
    await expect(ended.getByRole('link', { name: 'Leave' })).toHaveAttribute('href', '/');
    // The chat closes with the stream (issue 25): nothing more to send or tip, and nobody is
    // counted watching any more.
    await expect(viewerChat.getByRole('status')).toHaveText(
      'Stream ended The chat is closed: messages and tips are off.',
    );
    await expect(viewerChat.getByRole('textbox', { name: 'Message', exact: true })).toBeDisabled();
    await expect(
      viewerChat.getByRole('button', { name: `Tip ${creator.name}`, exact: true }),
    ).toBeDisabled();
    await expect(viewer.page.getByText(/^\d+ watching$/)).toHaveCount(0);
    // The creator's screen sums the stream up where the camera preview was.
    const summary = creator.page.getByRole('region', { name: 'Your stream has ended' });
    await expect(summary).toContainText(title);
    await expect(summary).toContainText(/Duration(\d+ h )?\d+ (min|s)/);
    await expect(summary).toContainText(/Most viewers at once[1-9]/);
    await expect(creator.page.getByLabel('Your camera', { exact: true })).toHaveCount(0);
    // Off the Streams tab again.
    await ended.getByRole('link', { name: 'Leave' }).click();
    await main
      .getByRole('tablist', { name: 'Content' })
      .getByRole('tab', { name: 'Streams' })
      .click();
    await expect(entry).toHaveCount(0);

    await creator.page.context().close();
    await viewer.page.context().close();
  });
}

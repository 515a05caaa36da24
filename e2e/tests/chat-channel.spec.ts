import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  composerInput,
  messageItem,
  newPerson,
  uniqueLine,
  verifyViaSandbox,
} from '../support/chat.ts';
import { topUpViaSandbox, usd, walletOf } from '../support/money.ts';

// Issue 11, spec 2/4/6: the owner of a broadcast channel posts a text and pins it; a follower
// opens the channel from the owner's profile, sees the pinned bar (first 10 characters and an
// ellipsis), jumps to the message from it, and tips the channel; the owner sees the tip live.
// The owner cannot tip in the own channel; a viewer cannot record or send photos there.

/**
 * Later messages: more than a page (MESSAGES_PAGE_SIZE, 40), so the pinned one is not even
 * loaded when a viewer opens the channel: the bar's jump pages back through the history.
 */
const LATER_MESSAGES = 45;

test('the owner pins a channel message, a follower sees the pin and tips the channel', async ({
  browser,
  baseURL,
}) => {
  const owner = await newPerson(browser, baseURL);
  // Tips go only to verified creators.
  await verifyViaSandbox(owner.page);

  // The owner opens the own channel from the channel list and posts.
  await owner.page.goto('/channels');
  await owner.page.getByRole('link', { name: /^Your channel/ }).click();
  const ownerChat = owner.page.getByRole('main').getByRole('region', { name: owner.name });
  await expect(ownerChat.getByRole('heading', { name: 'Your channel' })).toBeVisible();
  await expect(ownerChat.getByRole('button', { name: 'Send a tip' })).toHaveCount(0);
  await expect(
    ownerChat.getByRole('button', { name: 'Hold to record a voice message' }),
  ).toBeVisible();
  const announcement = uniqueLine('Big news: a live show this Friday');
  await composerInput(ownerChat).fill(announcement);
  await composerInput(ownerChat).press('Enter');
  const posted = messageItem(ownerChat, announcement);
  await expect(posted.getByRole('img', { name: 'Sending' })).toHaveCount(0);
  await expect(posted).toHaveAttribute('data-message-id', /^\d+$/);

  // Click own message -> Pin.
  await posted.getByText(announcement).click();
  await owner.page.getByRole('menuitem', { name: 'Pin' }).click();
  const preview = `${announcement.slice(0, 10)}…`;
  await expect(
    ownerChat.getByRole('button', { name: `Pinned message: ${preview}. Show it` }),
  ).toBeVisible();
  await expect(ownerChat.getByRole('button', { name: 'Unpin' })).toBeVisible();

  // More posts after it, through the API, so that it scrolls out of a viewer's view.
  const chatId = Number(new URL(owner.page.url()).pathname.split('/').at(-1));
  for (let n = 1; n <= LATER_MESSAGES; n++) {
    const response = await owner.page.request.post(`/api/messages/send/channel/${chatId}`, {
      // The full stop keeps 'Later post 4' from matching 'Later post 45' (or 4 + a time).
      data: { message: `Later post ${n}.`, client_id: randomUUID() },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  await expect(messageItem(ownerChat, `Later post ${LATER_MESSAGES}.`)).toBeVisible();
  // The channel list beside it (desktop) follows: the last message is the newest post.
  await expect(owner.page.getByRole('link', { name: /^Your channel/ })).toContainText(
    `You: Later post ${LATER_MESSAGES}.`,
  );

  // A follower opens the channel from the owner's profile.
  const viewer = await newPerson(browser, baseURL);
  await topUpViaSandbox(viewer.page, 20);
  await viewer.page.goto(`/u/${owner.slug}`);
  await viewer.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await viewer.page.getByRole('link', { name: 'Channel', exact: true }).click();
  await expect(viewer.page).toHaveURL(`/channels/${chatId}`);
  const viewerChat = viewer.page.getByRole('main').getByRole('region', { name: owner.name });
  await expect(viewerChat.getByText('Channel', { exact: true })).toBeVisible();
  await expect(messageItem(viewerChat, `Later post ${LATER_MESSAGES}.`)).toBeInViewport();

  // Viewers send text and tips; no voice messages or photos.
  await expect(viewerChat.getByRole('button', { name: 'Send a tip' })).toBeVisible();
  await expect(
    viewerChat.getByRole('button', { name: 'Hold to record a voice message' }),
  ).toHaveCount(0);
  await expect(viewerChat.getByRole('button', { name: 'Send a photo or video' })).toHaveCount(0);

  // The pinned bar: first 10 characters and an ellipsis; clicking it brings the message into view.
  const bar = viewerChat.getByRole('button', { name: `Pinned message: ${preview}. Show it` });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(preview);
  await expect(viewerChat.getByRole('button', { name: 'Unpin' })).toHaveCount(0);
  const pinnedItem = messageItem(viewerChat, announcement);
  await expect(pinnedItem).toHaveCount(0);
  await bar.click();
  await expect(pinnedItem).toBeInViewport();

  // The viewer tips the channel; the owner sees the tip arrive.
  await viewerChat.getByRole('button', { name: 'Send a tip' }).click();
  const sheet = viewer.page.getByRole('dialog', { name: 'Tip' });
  await expect(sheet).toBeVisible();
  await sheet.getByText(usd(5), { exact: true }).click();
  await sheet.getByLabel('Message (optional)').fill('For the Friday show');
  await sheet.getByRole('button', { name: 'Send tip' }).click();
  await expect(sheet).toBeHidden();
  await expect(
    messageItem(ownerChat, `${viewer.name} sent a tip of ${usd(5)}`).filter({
      hasText: 'For the Friday show',
    }),
  ).toBeVisible();
  await expect(messageItem(viewerChat, `You sent a tip of ${usd(5)}`)).toBeVisible();
  await expect.poll(async () => (await walletOf(viewer.page)).balance).toBeCloseTo(15, 2);

  await viewer.page.context().close();
  await owner.page.context().close();
});

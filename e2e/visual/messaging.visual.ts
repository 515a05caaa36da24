import type { Locator, Page } from '@playwright/test';
import {
  CHANNEL_POSTS,
  IRIS_TIP_REQUEST,
  NINA_MESSAGE_PRICE,
  OMAR_LAST_LINE,
  OMAR_TIP,
  ownChannelId,
} from './chat-dataset.ts';
import { ANNA, IRIS, MARCO, NINA, OMAR, VIEWER } from './dataset.ts';
import {
  expectChatScreen,
  keepReadMarksUnchanged,
  messageLog,
  stayOffline,
  userId,
} from './messaging.ts';
import { expect, signInAs, test } from './screen.ts';

test.beforeEach(async ({ page }) => {
  await keepReadMarksUnchanged(page);
});

const composer = (page: Page | Locator) =>
  page.getByRole('textbox', { name: 'Message', exact: true });

test('the messages list', async ({ page }) => {
  await signInAs(page, VIEWER);
  await page.goto('/messages');
  const chats = page.getByRole('navigation', { name: 'Conversations' });
  await expect(chats).toBeVisible();
  // Newest first: Anna's two unread lines, then Vera's last line to Marco.
  await expect(page.getByRole('link', { name: new RegExp(ANNA.name) })).toContainText(
    'We start at seven.',
  );
  await expect(page.getByRole('link', { name: new RegExp(MARCO.name) })).toContainText(
    'You: Perfect, thanks!',
  );
  await expectChatScreen(page, 'messages');
});

test('the channels list', async ({ page }) => {
  await signInAs(page, OMAR);
  await page.goto('/channels');
  await expect(page.getByRole('link', { name: /^Your channel/ })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(IRIS.name) })).toContainText(
    CHANNEL_POSTS.at(-1)!,
  );
  await expectChatScreen(page, 'channels');
});

test('a direct chat: bubbles, read marks, a tip and a tip request', async ({ page }) => {
  await signInAs(page, OMAR);
  await page.goto(`/messages/${await userId(page, IRIS)}`);
  const chat = page.getByRole('main').getByRole('region', { name: IRIS.name });
  const last = messageLog(chat).getByRole('listitem').filter({ hasText: OMAR_LAST_LINE });
  await expect(last.getByRole('img', { name: 'Sent' })).toBeVisible();
  await expect(messageLog(chat).getByRole('img', { name: 'Read' })).toHaveCount(3);
  await expect(
    chat.getByRole('button', {
      name: `Pay $${IRIS_TIP_REQUEST.amount}.00 for ${IRIS_TIP_REQUEST.message}`,
    }),
  ).toBeVisible();
  await expect(chat.getByText(`You sent a tip of $${OMAR_TIP.amount}.00`)).toBeVisible();
  await expect(composer(chat)).toBeEditable();
  await expectChatScreen(page, 'chat-direct');
});

test('paid direct messages: the options dialog', async ({ page }) => {
  await signInAs(page, VIEWER);
  await page.goto(`/u/${NINA.slug}`);
  await page.getByRole('button', { name: 'Send message' }).click();
  const chat = page.getByRole('dialog', { name: `Chat with ${NINA.name}` });
  await composer(chat).fill('Hi Nina, could you look at my training plan?');
  await chat.getByRole('button', { name: 'Send', exact: true }).click();
  // Refused before anything is stored: the options dialog opens over the chat.
  const options = page.getByRole('dialog', { name: `Message ${NINA.name}` });
  await expect(
    options.getByRole('button', { name: `Pay $${NINA_MESSAGE_PRICE} for direct messages` }),
  ).toBeVisible();
  await expectChatScreen(page, 'dm-options');
});

test('a broadcast channel as its owner', async ({ page }) => {
  await stayOffline(page);
  await signInAs(page, IRIS);
  await page.goto(`/channels/${await ownChannelId(page.request)}`);
  const chat = page.getByRole('main').getByRole('region', { name: IRIS.name });
  await expect(chat.getByRole('heading', { name: 'Your channel' })).toBeVisible();
  await expect(chat.getByRole('button', { name: /^Pinned message: / })).toBeVisible();
  await expect(
    messageLog(chat)
      .getByRole('listitem')
      .filter({ hasText: CHANNEL_POSTS.at(-1)! }),
  ).toBeInViewport();
  await expect(composer(chat)).toBeEditable();
  await expectChatScreen(page, 'channel-owner');
});

test('a broadcast channel as a viewer', async ({ page }) => {
  await signInAs(page, OMAR);
  await page.goto('/channels');
  await page.getByRole('link', { name: new RegExp(IRIS.name) }).click();
  const chat = page.getByRole('main').getByRole('region', { name: IRIS.name });
  await expect(chat.getByText('Channel', { exact: true })).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Send a tip' })).toBeVisible();
  await expect(
    messageLog(chat)
      .getByRole('listitem')
      .filter({ hasText: CHANNEL_POSTS.at(-1)! }),
  ).toBeInViewport();
  await expectChatScreen(page, 'channel-viewer');
});

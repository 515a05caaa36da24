import { expect, test } from '@playwright/test';
import {
  composerInput,
  messageItem,
  newPerson,
  uniqueLine,
  updateProfile,
  verifyViaSandbox,
} from '../support/chat.ts';
import { topUpViaSandbox, usd, walletOf } from '../support/money.ts';

// Issue 11, spec 2/8: a verified creator charges for direct messages. A viewer's first message
// is refused with should_pay_option; the options dialog offers paying for direct messages; once
// paid from the wallet, the waiting message goes, and the creator sees it.

const PRICE = 2.99;

test('a viewer pays for direct messages in the options dialog, then the message goes', async ({
  browser,
  baseURL,
}) => {
  const creator = await newPerson(browser, baseURL);
  await verifyViaSandbox(creator.page);
  await updateProfile(creator.page, { directMessagePrice: PRICE });

  const viewer = await newPerson(browser, baseURL);
  await topUpViaSandbox(viewer.page, 10);

  // The creator has the chat with the viewer open.
  await creator.page.goto(`/messages/${viewer.id}`);
  const creatorChat = creator.page.getByRole('main').getByRole('region', { name: viewer.name });
  await expect(composerInput(creatorChat)).toBeEditable();

  await viewer.page.goto(`/u/${creator.slug}`);
  await viewer.page.getByRole('button', { name: 'Send message' }).click();
  const chat = viewer.page.getByRole('dialog', { name: `Chat with ${creator.name}` });
  const input = composerInput(chat);
  const line = uniqueLine('Paid hello');
  await input.fill(line);
  await chat.getByRole('button', { name: 'Send', exact: true }).click();

  // Refused before anything is sent: the options dialog opens over the chat.
  const options = viewer.page.getByRole('dialog', { name: `Message ${creator.name}` });
  await expect(options).toBeVisible();
  await expect(
    options.getByText('To send messages to this creator, choose one of these:'),
  ).toBeVisible();
  await expect(options.getByRole('button', { name: /^Subscribe for/ })).toHaveCount(0);
  const stored = await viewer.page.request.get(`/api/chats/load?user_id=${creator.id}`);
  expect(((await stored.json()) as { messages: unknown[] }).messages).toEqual([]);
  await expect(creatorChat.getByText('No messages yet. Say hello!')).toBeVisible();

  await options.getByRole('button', { name: `Pay ${usd(PRICE)} for direct messages` }).click();
  await expect(options).toBeHidden();

  // The waiting message goes once paid, is stored, and reaches the creator live.
  const sent = messageItem(chat, line);
  await expect(sent.getByRole('img', { name: /^(Sent|Read)$/ })).toBeVisible();
  await expect(sent).toHaveCount(1);
  await expect(input).toHaveValue('');
  await expect(messageItem(creatorChat, line)).toBeVisible();
  await expect(sent.getByRole('img', { name: 'Read' })).toBeVisible();

  // Paid once, from the wallet; a second message needs no new payment.
  await expect.poll(async () => (await walletOf(viewer.page)).balance).toBeCloseTo(10 - PRICE, 2);
  const second = uniqueLine('And another');
  await input.fill(second);
  await input.press('Enter');
  await expect(messageItem(creatorChat, second)).toBeVisible();
  await expect(options).toBeHidden();
  expect((await walletOf(viewer.page)).balance).toBeCloseTo(10 - PRICE, 2);

  await viewer.page.context().close();
  await creator.page.context().close();
});

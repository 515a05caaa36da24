import { expect, test } from '@playwright/test';
import {
  composerInput,
  controlRealtime,
  messageItem,
  messageLog,
  newPerson,
  uniqueLine,
} from '../support/chat.ts';

// Issue 11, spec 2/4: two people in two browsers. A opens the chat from B's profile (the
// overlay); B has the chat open and sees A typing, then A's message without a reload; B's
// reading marks it read on A's side; B's answer reaches A live.

test('two users chat in realtime with typing indicator and read state', async ({
  browser,
  baseURL,
}) => {
  const a = await newPerson(browser, baseURL);
  // B on a phone, where the chat is a screen of its own; A on a desktop-wide window.
  const b = await newPerson(browser, baseURL, { viewport: { width: 390, height: 844 } });

  // B opens the direct chat with A first (user.own.chat: the chat is made on first contact).
  await b.page.goto(`/messages/${a.id}`);
  const bChat = b.page.getByRole('main').getByRole('region', { name: a.name });
  await expect(bChat.getByText('No messages yet. Say hello!')).toBeVisible();

  // A opens it from B's profile: "Send message" opens the chat over the profile.
  await a.page.goto(`/u/${b.slug}`);
  await a.page.getByRole('button', { name: 'Send message' }).click();
  const aChat = a.page.getByRole('dialog', { name: `Chat with ${b.name}` });
  await expect(aChat).toBeVisible();
  const aInput = composerInput(aChat);
  await expect(aInput).toBeEditable();

  // Typing whispers (at most one a second) reach B while A types; nothing is sent yet. A types
  // as a person does, over a few seconds, and B looks meanwhile.
  const line = uniqueLine('Hello from A, how are you doing');
  const typing = aInput.pressSequentially(line, { delay: 120 });
  await expect(bChat.getByRole('status')).toHaveText(`${a.name} is typing…`);
  await typing;
  await expect(messageLog(bChat).getByRole('listitem')).toHaveCount(0);
  await aInput.press('Enter');

  // A's message arrives at B without a reload; the indicator goes with it.
  await expect(messageItem(bChat, line)).toBeVisible();
  await expect(bChat.getByText(`${a.name} is typing…`)).toBeHidden();
  await expect(aInput).toHaveValue('');

  // B's list is at its end, so the message is read: A's bubble shows it (message.read).
  const aOwn = messageItem(aChat, line);
  await expect(aOwn.getByRole('img', { name: 'Read' })).toBeVisible();

  // B answers with the send button; A sees the answer live.
  const answer = uniqueLine('Hi A, B here');
  const bInput = composerInput(bChat);
  await bInput.fill(answer);
  await bChat.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    messageItem(bChat, answer).getByRole('img', { name: /^(Sent|Read)$/ }),
  ).toBeVisible();
  await expect(messageItem(aChat, answer)).toBeVisible();
  // A has the overlay open at the end of the list: B's answer is read there too.
  await expect(messageItem(bChat, answer).getByRole('img', { name: 'Read' })).toBeVisible();

  // Both messages are stored once, in order, as the other side's reload shows.
  await a.page.reload();
  await a.page.getByRole('button', { name: 'Send message' }).click();
  await expect(
    messageLog(aChat)
      .getByRole('listitem')
      .filter({ hasText: /Hello from A|Hi A/ }),
  ).toHaveText([new RegExp(line), new RegExp(answer)]);

  await a.page.context().close();
  await b.page.context().close();
});

// Issue 11 item 4: after a reconnect the open chat fetches what it missed, with no gaps and no
// duplicates, without a reload.
test('catches up on what it missed while the connection was down', async ({ browser, baseURL }) => {
  const a = await newPerson(browser, baseURL);
  const b = await newPerson(browser, baseURL);
  const bSocket = await controlRealtime(b.page);

  await b.page.goto(`/messages/${a.id}`);
  const bChat = b.page.getByRole('main').getByRole('region', { name: a.name });
  await a.page.goto(`/messages/${b.id}`);
  const aChat = a.page.getByRole('main').getByRole('region', { name: b.name });
  const aInput = composerInput(aChat);

  async function send(text: string) {
    await aInput.fill(text);
    await aInput.press('Enter');
    await expect(
      messageItem(aChat, text).getByRole('img', { name: /^(Sent|Read)$/ }),
    ).toBeVisible();
  }

  const before = uniqueLine('Before the cut');
  await send(before);
  await expect(messageItem(bChat, before)).toBeVisible();

  // B's connection goes quiet: A's next messages do not arrive.
  bSocket.cut();
  const missed = [uniqueLine('Missed one'), uniqueLine('Missed two'), uniqueLine('Missed three')];
  for (const text of missed) await send(text);
  await expect(messageItem(bChat, missed[0]!)).toHaveCount(0);

  // The socket reconnects: B joins the room again and backfills, each message once, in order.
  await bSocket.reconnect();
  await expect(messageItem(bChat, missed[2]!)).toBeVisible();
  expect(bSocket.connections()).toBe(2);
  await expect(
    messageLog(bChat)
      .getByRole('listitem')
      .filter({ hasText: /Before|Missed/ }),
  ).toHaveText([before, ...missed].map((text) => new RegExp(text)));

  // Live again afterwards.
  const after = uniqueLine('After the reconnect');
  await send(after);
  await expect(messageItem(bChat, after)).toBeVisible();

  await a.page.context().close();
  await b.page.context().close();
});

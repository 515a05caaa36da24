import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { ANNA, IRIS, MARCO, MESSAGING_PEOPLE, NINA, OMAR, VIEWER, type Person } from './dataset.ts';
import { ok } from './api-call.ts';
import { confirmAddressByMail } from '../support/mailbox.ts';

/**
 * The chats the messaging screens show, made through the public API like the journeys make
 * them (e2e/tests/chat-*.spec.ts): direct messages, read marks, tips, a broadcast channel with
 * a pinned post. Sent one after another, so every run stores them in the same order. Message
 * times come from the server's clock; the screens mask them.
 */

/** Iris's channel posts, oldest first; the first is pinned. */
export const CHANNEL_POSTS = [
  'New song out on Friday! I will play it live first, right here.',
  'Thank you for 1,000 listeners this month. You are the best.',
  'Rehearsal photos coming tomorrow. Which song should open the show?',
];

export const OMAR_TIP = { amount: 5, message: 'For the new song. Cannot wait!' };
export const IRIS_TIP_REQUEST = { amount: 3, message: 'Coffee for the rehearsal' };
/** Omar's last line: Iris has not read it, so it shows "Sent" (the earlier ones "Read"). */
export const OMAR_LAST_LINE = 'Sure, sending it after work.';

/** Nina's price for direct messages: the options dialog offers paying it. */
export const NINA_MESSAGE_PRICE = 4.99;

export type SeededPerson = { api: APIRequestContext; id: number };
type People = Map<Person, SeededPerson>;

/** Identity verification through the sandbox provider (its webhook alone verifies). */
async function verify(api: APIRequestContext, who: Person): Promise<void> {
  const { redirectUrl } = (await ok(
    await api.post('/api/verification/start', { data: {} }),
    `verify ${who.name}`,
  )) as { redirectUrl: string };
  const completed = await api.post(`${redirectUrl}/complete`, {
    data: { outcome: 'approved' },
    maxRedirects: 0,
  });
  expect(completed.status(), `verification of ${who.name}`).toBeLessThan(400);
  await expect
    .poll(
      async () =>
        (
          (await ok(await api.get('/api/verification/check'), 'check')) as {
            verified: boolean;
          }
        ).verified,
    )
    .toBe(true);
}

/** A top-up paid through the sandbox provider's complete endpoint, credited by its webhook. */
async function topUp(api: APIRequestContext, amount: number): Promise<void> {
  const { redirectUrl } = (await ok(
    await api.post('/api/wallet/top-up', {
      headers: { 'idempotency-key': randomUUID() },
      data: { amount },
    }),
    'top-up',
  )) as { redirectUrl: string };
  const completed = await api.post(`${redirectUrl}/complete`, {
    data: { outcome: 'success' },
    maxRedirects: 0,
  });
  expect(completed.status(), 'top-up payment').toBe(303);
  await expect
    .poll(
      async () =>
        ((await ok(await api.get('/api/wallet'), 'wallet')) as { balance: number }).balance,
    )
    .toBeCloseTo(amount, 2);
}

async function send(from: SeededPerson, to: SeededPerson, message: string): Promise<void> {
  await ok(
    await from.api.post('/api/messages/send', {
      data: { user_id: to.id, message, client_id: randomUUID() },
    }),
    `message "${message}"`,
  );
}

/** `reader` reads their direct chat with `other` up to its newest message. */
async function read(reader: SeededPerson, other: SeededPerson): Promise<void> {
  const chat = (await ok(
    await reader.api.get(`/api/chats/load?user_id=${other.id}`),
    'load the chat',
  )) as { chat_id: number };
  await ok(
    await reader.api.post('/api/messages/read', { data: { chat_id: chat.chat_id } }),
    'read',
    204,
  );
}

async function tip(from: SeededPerson, to: SeededPerson, mode: 'send' | 'request', body: object) {
  await ok(
    await from.api.post('/api/tips', {
      headers: { 'idempotency-key': randomUUID() },
      data: { user_id: to.id, mode, ...body },
    }),
    `tip (${mode})`,
  );
}

/** The own channel's id (every user owns one, listed first). */
export async function ownChannelId(api: APIRequestContext): Promise<number> {
  const channels = (await ok(await api.get('/api/channels'), 'channels')) as Array<{
    chat_id: number;
    isChatOwner: boolean;
  }>;
  const own = channels.find((channel) => channel.isChatOwner);
  if (!own) throw new Error('no own channel');
  return own.chat_id;
}

async function seedChannel(iris: SeededPerson, omar: SeededPerson): Promise<void> {
  const chatId = await ownChannelId(iris.api);
  const ids: number[] = [];
  for (const message of CHANNEL_POSTS) {
    const posted = (await ok(
      await iris.api.post(`/api/messages/send/channel/${chatId}`, {
        data: { message, client_id: randomUUID() },
      }),
      `post "${message}"`,
    )) as { data: { id: number } };
    ids.push(posted.data.id);
  }
  await ok(
    await iris.api.post(`/api/chats/${chatId}/pin`, { data: { message_id: ids[0] } }),
    'pin',
  );
  // Followers may read a channel, and opening it joins it; reading it leaves nothing unread
  // for the screens to change.
  await ok(await omar.api.post(`/api/users/${iris.id}/follow`), 'follow Iris');
  await ok(await omar.api.get(`/api/chats/load?chat_id=${chatId}`), 'join the channel');
  await ok(
    await omar.api.post('/api/messages/read', { data: { chat_id: chatId } }),
    'read the channel',
    204,
  );
}

/** Omar and Iris: bubbles both ways, a tip, a tip request waiting, Omar's last line unread. */
async function seedDirectChat(omar: SeededPerson, iris: SeededPerson): Promise<void> {
  await topUp(omar.api, 20);
  await send(omar, iris, 'Hi Iris! I loved the acoustic version from last week.');
  await send(omar, iris, 'Will you play it again on Friday?');
  await read(iris, omar);
  await send(iris, omar, 'Thank you, Omar! Yes, it opens the show.');
  await read(omar, iris);
  await tip(omar, iris, 'send', OMAR_TIP);
  await read(iris, omar);
  await tip(iris, omar, 'request', IRIS_TIP_REQUEST);
  await read(omar, iris);
  await send(omar, iris, OMAR_LAST_LINE);
}

/** The viewer's list: Marco (her last line, read), Anna (two lines she has not read). */
async function seedViewerChats(people: People): Promise<void> {
  const vera = people.get(VIEWER)!;
  const marco = people.get(MARCO)!;
  const anna = people.get(ANNA)!;
  await send(vera, marco, 'Is the espresso place near the station still open?');
  await read(marco, vera);
  await send(marco, vera, 'It moved two streets down, same coffee.');
  await read(vera, marco);
  await send(vera, marco, 'Perfect, thanks!');
  await read(marco, vera);
  await send(anna, vera, 'Are you coming to the lake run on Sunday?');
  await send(anna, vera, 'We start at seven.');
}

/**
 * Everything the messaging screens show. `people` holds every dataset person created so far;
 * `create` makes the messaging people (and adds them to it).
 */
export async function seedChats(
  people: People,
  create: (who: Person) => Promise<SeededPerson>,
): Promise<void> {
  for (const who of MESSAGING_PEOPLE) await create(who);
  const iris = people.get(IRIS)!;
  const nina = people.get(NINA)!;
  // Who pays or earns confirms the address first, through its mail (issue 27); the others'
  // screens keep showing the notice of an unconfirmed address.
  for (const who of [IRIS, NINA, OMAR]) await confirmAddressByMail(people.get(who)!.api, who.email);
  await verify(iris.api, IRIS);
  await verify(nina.api, NINA);
  await ok(
    await nina.api.put('/api/users/me/profile', {
      data: { directMessagePrice: NINA_MESSAGE_PRICE },
    }),
    'price of direct messages',
  );
  await seedChannel(iris, people.get(OMAR)!);
  await seedDirectChat(people.get(OMAR)!, iris);
  await seedViewerChats(people);
}

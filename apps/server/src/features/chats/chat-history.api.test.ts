import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES_PAGE_SIZE,
  messageCursor,
  type ChatMessagesPage,
  type Message,
} from '@glimpse/contract';
import { chatMembers, chats, messages, users } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  channelIdOf,
  creator,
  loadWith,
  newClientId,
  outcome,
  seedFollow,
  seedMessages,
  sendText,
  sendToChannel,
  viewer,
  type Person,
} from './test/chat-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const page = async (p: Person, chatId: number, query = '') => {
  const response = await p.client.get(`/api/chats/${chatId}/messages${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatMessagesPage>();
};
const texts = (list: Message[]) => list.map((m) => m.message);
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `m${from + i}`);

describe('history paging', () => {
  it('pages back with `before` and forward with `after`, in order and without gaps', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const { chat_id: chatId } = await loadWith(a, b.id);
    const total = 2 * MESSAGES_PAGE_SIZE + 15;
    const ids = await seedMessages(server, chatId, b.id, total);

    const state = await loadWith(a, b.id);
    expect(texts(state.messages)).toEqual(range(total - MESSAGES_PAGE_SIZE, total));
    const older = await page(a, chatId, `?before=${state.older_cursor}`);
    expect(texts(older.messages)).toEqual(range(15, total - MESSAGES_PAGE_SIZE));
    const oldest = await page(a, chatId, `?before=${older.cursor}`);
    expect([texts(oldest.messages), oldest.cursor]).toEqual([range(0, 15), null]);

    // A client that has m9 backfills everything after it, page by page.
    const seen: string[] = [];
    let cursor: string | null = messageCursor(ids[9]!);
    while (cursor !== null) {
      const next: ChatMessagesPage = await page(a, chatId, `?after=${cursor}`);
      seen.push(...texts(next.messages));
      cursor = next.cursor;
    }
    expect(seen).toEqual(range(10, total));
    expect(texts((await page(a, chatId)).messages)).toEqual(texts(state.messages));
  });

  it('refuses cursors that are not ours, and both directions at once', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const { chat_id: chatId } = await loadWith(a, b.id);
    for (const query of ['?before=12', '?after=bTEyYQ', `?before=x&after=${messageCursor(1)}`]) {
      const response = await a.client.get(`/api/chats/${chatId}/messages${query}`);
      expect(outcome(response), query).toBe('400 validation_failed');
    }
  });
});

describe('pins', () => {
  it('the channel owner pins and unpins; readers see it and may not; others learn nothing', async () => {
    const [owner, fan, stranger] = [
      await creator(server),
      await viewer(server),
      await viewer(server),
    ];
    await seedFollow(server, fan.id, owner.id);
    const chatId = await channelIdOf(server, owner.id);
    const posted = (await sendToChannel(owner, chatId, 'read the rules')).json<{ data: Message }>()
      .data;
    const elsewhere = (await sendText(fan, stranger, 'not in the channel')).json<Message>();
    const pin = (p: Person, messageId: number) =>
      p.client.post(`/api/chats/${chatId}/pin`, { message_id: messageId });

    expect(outcome(await pin(fan, posted.id))).toBe('403 forbidden');
    expect(outcome(await pin(stranger, posted.id))).toBe('404 chat_not_found');
    expect(outcome(await pin(owner, elsewhere.id))).toBe('404 message_not_found');
    const pinned = await pin(owner, posted.id);
    expect(pinned.json()).toMatchObject({ pinned_message: { id: posted.id, own: true } });

    const seen = await fan.client.get(`/api/chats/load?chat_id=${chatId}`);
    expect(seen.json()).toMatchObject({
      pinned_message: { id: posted.id, message: 'read the rules', own: false },
    });

    expect(outcome(await fan.client.delete(`/api/chats/${chatId}/pin`))).toBe('403 forbidden');
    expect(outcome(await stranger.client.delete(`/api/chats/${chatId}/pin`))).toBe(
      '404 chat_not_found',
    );
    const cleared = await owner.client.delete(`/api/chats/${chatId}/pin`);
    expect(cleared.json()).toEqual({ pinned_message: null });
    expect((await fan.client.get(`/api/chats/load?chat_id=${chatId}`)).json()).toMatchObject({
      pinned_message: null,
    });
  });

  it('direct chats have no pins', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const message = (await sendText(a, b)).json<Message>();
    const response = await a.client.post(`/api/chats/${message.chat_id}/pin`, {
      message_id: message.id,
    });
    expect(outcome(response)).toBe('403 forbidden');
  });
});

describe('a new text', () => {
  it('is answered as its sender reads it back, and moves the last message and own read mark', async () => {
    const [a, b, fan] = [await viewer(server), await viewer(server), await viewer(server)];
    // The answer is built from the insert's own row (nothing read back): a signed avatar shows
    // whether the sender's card came with it.
    await server.ctx.db
      .update(users)
      .set({ avatarKey: 'avatars/a.webp' })
      .where(eq(users.id, a.id));
    await seedFollow(server, fan.id, a.id);
    const direct = (await sendText(a, b, 'to b')).json<Message>();
    const channelId = await channelIdOf(server, a.id);
    const broadcast = (await sendToChannel(a, channelId, 'to all')).json<{ data: Message }>().data;

    for (const message of [direct, broadcast]) {
      expect(message.profile_image).toMatch(/^\/media\/avatars\/a\.webp\?/);
      expect((await page(a, message.chat_id)).messages.at(-1)).toEqual(message);
      const [chat] = await server.ctx.db
        .select({ last: chats.lastMessageId })
        .from(chats)
        .where(eq(chats.id, message.chat_id));
      expect(chat!.last).toBe(message.id);
    }
    const marks = await server.ctx.db
      .select({ userId: chatMembers.userId, read: chatMembers.lastReadMessageId })
      .from(chatMembers)
      .where(eq(chatMembers.chatId, direct.chat_id));
    expect(new Map(marks.map((m) => [m.userId, m.read]))).toEqual(
      new Map([
        [a.id, direct.id],
        [b.id, 0],
      ]),
    );
  });
});

describe('client_id de-duplication', () => {
  const rowsWith = async (senderId: number, clientId: string) => {
    const [row] = await server.ctx.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
    return row!.n;
  };

  it('a retried send answers the first message and writes nothing new', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const clientId = newClientId();
    const first = await sendText(a, b, 'once', clientId);
    const again = await sendText(a, b, 'once', clientId);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ client_id: clientId, message: 'once' });
    expect(await rowsWith(a.id, clientId)).toBe(1);
  });

  it('ten parallel sends with one client_id make one row and one answer', async () => {
    const [a, b] = [await viewer(server), await viewer(server)];
    const clientId = newClientId();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sendText(a, b, 'parallel', clientId)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json<Message>().id)).size).toBe(1);
    expect(await rowsWith(a.id, clientId)).toBe(1);

    const channel = await channelIdOf(server, a.id);
    const channelId = newClientId();
    const inChannel = await Promise.all(
      Array.from({ length: 10 }, () => sendToChannel(a, channel, 'broadcast', channelId)),
    );
    expect(new Set(inChannel.map((r) => r.json<{ data: Message }>().data.id)).size).toBe(1);
    expect(await rowsWith(a.id, channelId)).toBe(1);
  });

  it('a client_id reused for another chat answers 422 idempotency_mismatch', async () => {
    const [a, b, c] = [await viewer(server), await viewer(server), await viewer(server)];
    const clientId = newClientId();
    expect((await sendText(a, b, 'to b', clientId)).statusCode).toBe(200);
    const toC = await sendText(a, c, 'to c', clientId);
    expect([toC.statusCode, toC.json().err_key]).toEqual([422, 'idempotency_mismatch']);
    const channel = await channelIdOf(server, a.id);
    const inChannel = await sendToChannel(a, channel, 'to the channel', clientId);
    expect([inChannel.statusCode, inChannel.json().err_key]).toEqual([422, 'idempotency_mismatch']);
    expect(await rowsWith(a.id, clientId)).toBe(1);

    // The other way round: first into the channel, then to a user.
    const channelFirst = newClientId();
    expect((await sendToChannel(a, channel, 'broadcast', channelFirst)).statusCode).toBe(200);
    const direct = await sendText(a, b, 'to b', channelFirst);
    expect([direct.statusCode, direct.json().err_key]).toEqual([422, 'idempotency_mismatch']);
    // The same chat still answers the first message.
    const retried = await sendToChannel(a, channel, 'broadcast', channelFirst);
    expect(retried.json<{ data: Message }>().data.message).toBe('broadcast');
  });
});

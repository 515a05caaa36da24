import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@glimpse/contract';
import { chatMembers, chats, messages } from '../../db/schema/index.ts';
import { collect, waitForCount } from '../../platform/realtime/test/socket-test-client.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import type { NewMessage, PostedMessage } from './chat-core.service.ts';
import { textEventMessage } from './chat-messages.service.ts';
import { MessageBatcher } from './message-batcher.ts';
import { loadWith, newClientId, sendText, viewer, type Person } from './test/chat-fixtures.ts';
import { closeSockets, socketOf } from './test/chat-sockets.ts';

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(closeSockets);

/** A direct chat between two new people. */
async function pair(): Promise<{ a: Person; b: Person; chatId: number }> {
  const [a, b] = [await viewer(server), await viewer(server)];
  return { a, b, chatId: (await loadWith(a, b.id)).chat_id };
}

const text = (chatId: number, senderId: number, body: string, clientId = newClientId()) =>
  ({ chatId, senderId, type: 'text', body, clientId }) satisfies NewMessage;

/** The chat's rows in id order, with the transaction time that groups a batch. */
const rowsOf = (chatId: number) =>
  server.ctx.db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      body: messages.body,
      clientId: messages.clientId,
      // As text: a Date would round the transaction time to the millisecond.
      createdAt: sql<string>`${messages.createdAt}::text`,
    })
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .orderBy(asc(messages.id));

/** Consecutive runs of equal values: a batch's rows share their transaction's `now()`. */
function runLengths(values: string[]): number[] {
  const runs: number[] = [];
  values.forEach((value, index) => {
    if (index > 0 && value === values[index - 1]) runs[runs.length - 1]! += 1;
    else runs.push(1);
  });
  return runs;
}

/** `message.created` events the outbox relay hands to the hub, until `stop`. */
function recordCreated() {
  const hub = server.ctx.realtime;
  const { toRooms } = hub;
  const created: number[] = [];
  hub.toRooms = (rooms, event, payload) => {
    if (event === 'message.created') created.push((payload as { message_id: number }).message_id);
    toRooms.call(hub, rooms, event, payload);
  };
  return { created, stop: () => (hub.toRooms = toRooms) };
}

/** Posts every input through `batcher` in one go (nothing awaited in between). */
function postAll(batcher: MessageBatcher, inputs: NewMessage[]) {
  return inputs.map((input) => batcher.post({ input, eventMessage: textEventMessage(input) }));
}

describe('group commit of texts', () => {
  it('writes sends queued behind a transaction together, in arrival order, at most 100 at a time', async () => {
    const { a, chatId } = await pair();
    const deliveries = recordCreated();
    const batcher = new MessageBatcher(server.ctx.db);
    const inputs = Array.from({ length: 250 }, (_, i) => text(chatId, a.id, `m${i}`));
    const answers = await Promise.all(postAll(batcher, inputs));
    deliveries.stop();

    const rows = await rowsOf(chatId);
    expect(rows.map((row) => row.body)).toEqual(inputs.map((input) => input.body));
    expect(rows.map((row) => row.id)).toEqual(rows.map((_, i) => rows[0]!.id + i));
    expect(answers.map((answer) => answer.id)).toEqual(rows.map((row) => row.id));
    expect(answers.every((answer) => !answer.replayed && answer.chatId === chatId)).toBe(true);
    // The first went at once, alone; the 249 that queued behind it went in batches of <= 100.
    expect(runLengths(rows.map((row) => row.createdAt))).toEqual([1, 100, 100, 49]);
    // Every event once, in id order; the chat's last message and the sender's mark on the newest.
    expect(deliveries.created).toEqual(rows.map((row) => row.id));
    const newest = rows.at(-1)!.id;
    const [chat] = await server.ctx.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat!.lastMessageId).toBe(newest);
    const [mark] = await server.ctx.db
      .select({ read: chatMembers.lastReadMessageId })
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, a.id)));
    expect(mark!.read).toBe(newest);
  });

  it('starts the transaction of a send into an idle chat at once', async () => {
    const { a, chatId } = await pair();
    const batcher = new MessageBatcher(server.ctx.db);
    const { transaction } = server.ctx.db;
    let begun = 0;
    server.ctx.db.transaction = ((...args: Parameters<typeof transaction>) => {
      begun += 1;
      return transaction.apply(server.ctx.db, args);
    }) as typeof transaction;
    try {
      const [answer] = postAll(batcher, [text(chatId, a.id, 'alone')]);
      expect(begun).toBe(1);
      expect((await answer)!.replayed).toBe(false);
    } finally {
      server.ctx.db.transaction = transaction;
    }
  });

  it('makes one row and one answer of a client id sent twice in one batch or after it', async () => {
    const { a, b, chatId } = await pair();
    const deliveries = recordCreated();
    const batcher = new MessageBatcher(server.ctx.db);
    const [first, again, other] = [newClientId(), newClientId(), newClientId()];
    // `first` goes alone; the rest queue behind it into one batch: `first` again (committed by
    // then), `again` twice, and `other` once from each member.
    const answers = await Promise.all(
      postAll(batcher, [
        text(chatId, a.id, 'first', first),
        text(chatId, a.id, 'first', first),
        text(chatId, a.id, 'again', again),
        text(chatId, a.id, 'again', again),
        text(chatId, a.id, 'other', other),
        text(chatId, b.id, 'other', other),
      ]),
    );
    deliveries.stop();

    const rows = await rowsOf(chatId);
    expect(rows.map((row) => [row.senderId, row.body])).toEqual([
      [a.id, 'first'],
      [a.id, 'again'],
      [a.id, 'other'],
      [b.id, 'other'],
    ]);
    const ids = rows.map((row) => row.id);
    const seen = (answer: PostedMessage) => [answer.id, answer.replayed];
    expect(answers.map(seen)).toEqual([
      [ids[0], false],
      [ids[0], true],
      [ids[1], false],
      [ids[1], true],
      [ids[2], false],
      [ids[3], false],
    ]);
    expect(deliveries.created).toEqual(ids);
  });

  it('fails only the bad message of a batch; the others are written in order', async () => {
    const { a, chatId } = await pair();
    const deliveries = recordCreated();
    const batcher = new MessageBatcher(server.ctx.db);
    const noSuchUser = 2_000_000_000;
    const settled = await Promise.allSettled(
      postAll(batcher, [
        text(chatId, a.id, 'before'),
        text(chatId, a.id, 'one'),
        text(chatId, noSuchUser, 'from nobody'),
        text(chatId, a.id, 'two'),
        text(chatId, noSuchUser, 'from nobody again'),
        text(chatId, a.id, 'three'),
      ]),
    );
    deliveries.stop();

    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const rows = await rowsOf(chatId);
    expect(rows.map((row) => row.body)).toEqual(['before', 'one', 'two', 'three']);
    const answered = settled.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value.id] : [],
    );
    expect(answered).toEqual(rows.map((row) => row.id));
    expect(deliveries.created).toEqual(rows.map((row) => row.id));
  });
});

describe('POST /api/messages/send under load', () => {
  it('200 concurrent sends into one chat: 200 rows, consecutive ids, each answer its own row, each event once', async () => {
    const { a, b, chatId } = await pair();
    const socket = await socketOf(url, b);
    const created = collect(socket, 'message.created') as Array<{ message_id: number }>;
    const clientIds = Array.from({ length: 200 }, () => newClientId());
    const responses = await Promise.all(
      clientIds.map((clientId, i) => sendText(a, b, `hello ${i}`, clientId)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(200).fill(200));

    const rows = await rowsOf(chatId);
    expect(rows).toHaveLength(200);
    expect(rows.map((row) => row.id)).toEqual(rows.map((_, i) => rows[0]!.id + i));
    const byClientId = new Map(rows.map((row) => [row.clientId, row]));
    responses.forEach((response, i) => {
      const answer = response.json<Message>();
      const row = byClientId.get(clientIds[i]!)!;
      expect(answer).toMatchObject({
        id: row.id,
        chat_id: chatId,
        client_id: clientIds[i],
        message: `hello ${i}`,
        own: true,
      });
    });
    // A marker after them all: one chat's events reach a node's socket in commit order, so once
    // it arrived every earlier event has too.
    const marker = (await sendText(a, b, 'marker')).json<Message>();
    await waitForCount(created, 201, 30_000);
    expect(created.map((event) => event.message_id)).toEqual([
      ...rows.map((row) => row.id),
      marker.id,
    ]);
    // Two hundred sends through PGlite's one connection take a while on a loaded machine.
  }, 120_000);

  it('a send and its retry sent among others at once make one row and answer alike', async () => {
    const { a, b, chatId } = await pair();
    const clientIds = Array.from({ length: 50 }, () => newClientId());
    // Each text twice in a row, all at once: the two land in one batch or in two.
    const responses = await Promise.all(
      clientIds.flatMap((clientId, i) => [
        sendText(a, b, `twice ${i}`, clientId),
        sendText(a, b, `twice ${i}`, clientId),
      ]),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(200));
    const rows = await rowsOf(chatId);
    expect(rows.map((row) => row.clientId).sort()).toEqual([...clientIds].sort());
    const idOf = new Map(rows.map((row) => [row.clientId, row.id]));
    clientIds.forEach((clientId, i) => {
      const first = responses[2 * i]!.json<Message>();
      expect(responses[2 * i + 1]!.json<Message>()).toEqual(first);
      expect(first.id).toBe(idOf.get(clientId));
    });
  }, 120_000);
});

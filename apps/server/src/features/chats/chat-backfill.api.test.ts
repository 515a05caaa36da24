import { asc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messageCursor, type ChatMessagesPage, type Message } from '@glimpse/contract';
import { messages } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loadWith, sendText, viewer, type Person } from './test/chat-fixtures.ts';
import { closeSockets, pause, socketOf } from './test/chat-sockets.ts';

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

// Hundreds of messages and ~20 drops, each a reconnect and a backfill racing the senders (the
// same drops as 1,000 messages dropped every 50, at half the CPU of a suite run twice in CI).
const TOTAL = 500;
const DROP_EVERY = 25;
const SENDERS = 4;
/** A loaded machine now and then resets a connection attempt; the web's client tries again. */
const RECONNECT_ATTEMPTS = 5;

/**
 * The receiving client as the web keeps it: live `message.created` copies go into a list kept
 * by id; after each reconnect it backfills with `after` cursors from the newest message it
 * holds. Every DROP_EVERY events its socket is dropped and opened again.
 */
class ReceivingClient {
  readonly byId = new Map<number, Message>();
  drops = 0;
  private socket: Socket | undefined;
  private sinceConnect = 0;
  private reconnecting: Promise<void> = Promise.resolve();

  constructor(
    private readonly person: Person,
    private readonly chatId: number,
  ) {}

  async connect(): Promise<void> {
    this.sinceConnect = 0;
    const socket = await socketOf(url, this.person);
    socket.on('message.created', (event: { chat_id: number; message?: Message }) => {
      if (event.chat_id !== this.chatId || !event.message) return;
      this.byId.set(event.message.id, event.message);
      this.sinceConnect += 1;
      if (this.sinceConnect !== DROP_EVERY) return;
      // Awaited in settle(); handled here too, or a failure before then is an unhandled rejection.
      const reconnecting = this.dropAndReconnect();
      reconnecting.catch(() => undefined);
      this.reconnecting = reconnecting;
    });
    this.socket = socket;
    await this.backfill();
  }

  /** Drops the socket and connects again, retrying a refused or reset attempt as the web does. */
  private async dropAndReconnect(): Promise<void> {
    this.socket?.disconnect();
    this.drops += 1;
    for (let attempt = 1; ; attempt += 1) {
      await pause(10 * attempt);
      try {
        await this.connect();
        return;
      } catch (error) {
        if (attempt >= RECONNECT_ATTEMPTS) throw error;
      }
    }
  }

  /** `after` pages from the newest message held until the server has nothing more. */
  async backfill(): Promise<void> {
    const newest = Math.max(0, ...this.byId.keys());
    const get = async (query: string) =>
      (
        await this.person.client.get(`/api/chats/${this.chatId}/messages${query}`)
      ).json<ChatMessagesPage>();
    if (newest === 0) {
      for (const message of (await get('')).messages) this.byId.set(message.id, message);
      return;
    }
    let cursor: string | null = messageCursor(newest);
    while (cursor !== null) {
      const page = await get(`?after=${cursor}`);
      for (const message of page.messages) this.byId.set(message.id, message);
      cursor = page.cursor;
    }
  }

  async settle(): Promise<void> {
    await this.reconnecting;
    await this.backfill();
  }

  /** What the screen shows: the messages in id order. */
  shown(): string[] {
    return [...this.byId.values()].sort((a, b) => a.id - b.id).map((m) => m.message);
  }
}

describe('backfill after reconnects', () => {
  it(`ends with exactly ${TOTAL} messages in order, none twice, with the socket dropped every ~${DROP_EVERY}`, async () => {
    const [sender, receiver] = [await viewer(server), await viewer(server)];
    const { chat_id: chatId } = await loadWith(sender, receiver.id);
    const client = new ReceivingClient(receiver, chatId);
    await client.connect();

    // A few senders at once through the HTTP API, each message numbered by its position.
    let next = 0;
    const sendAll = async () => {
      while (next < TOTAL) {
        const n = next++;
        const response = await sendText(sender, receiver, `n${n}`);
        if (response.statusCode !== 200) throw new Error(`send ${n}: ${response.body}`);
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sendAll));
    await client.settle();

    const stored = await server.ctx.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(asc(messages.id));
    expect(stored).toHaveLength(TOTAL);
    const shown = client.shown();
    expect(shown).toEqual(stored.map((row) => row.body));
    expect(new Set(shown).size).toBe(TOTAL);
    expect(client.drops).toBeGreaterThanOrEqual(5);
  }, 120_000);
});

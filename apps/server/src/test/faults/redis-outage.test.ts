import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@glimpse/contract';
import { loadWith, sent, viewer, type Person } from '../../features/chats/test/chat-fixtures.ts';
import { closeSockets, joinChat, pause, socketOf } from '../../features/chats/test/chat-sockets.ts';
import { collect } from '../../platform/realtime/test/socket-test-client.ts';
import { client, startPeerNode, type TestServer } from '../harness.ts';
import { answered, health, healthUntil, startFaultServer } from './fault-helpers.ts';
import { PrivateRedis } from './private-services.ts';

/**
 * Issue 30 item 8: Redis gone for a few seconds under two nodes that share it (rate limits and
 * the socket.io adapter), on a redis-server of the test's own.
 */
let redis: PrivateRedis;
let nodeA: TestServer;
let nodeB: TestServer;
let urlB: string;

beforeAll(async () => {
  redis = await PrivateRedis.create();
  nodeA = await startFaultServer({ redisUrl: redis.url });
  nodeB = await startPeerNode(nodeA);
  urlB = await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  closeSockets();
  await nodeB?.stop();
  await nodeA?.stop();
  await redis?.destroy();
});

/** Sends from node A until one message reaches the socket on node B; the ids sent. */
async function sendUntilCrossed(
  sender: Person,
  receiver: Person,
  created: unknown[],
  text: string,
): Promise<number[]> {
  const seen = created.length;
  const ids: number[] = [];
  const deadline = Date.now() + 20_000;
  while (created.length === seen && Date.now() < deadline) {
    ids.push((await sent(sender, receiver, `${text} ${ids.length}`)).id);
    await pause(200);
  }
  return ids;
}

const crossedIds = (created: unknown[]) =>
  (created as { message_id: number }[]).map((event) => event.message_id);

describe('Redis gone for a few seconds', () => {
  it('keeps serving (limits per node, sends acknowledged), shows it in /api/health, and the nodes talk again after', async () => {
    const [sender, receiver] = [await viewer(nodeA), await viewer(nodeA)];
    const { chat_id: chatId } = await loadWith(sender, receiver.id);
    const onB = await socketOf(urlB, receiver);
    expect(await joinChat(onB, chatId)).toEqual({ ok: true });
    const created = collect(onB, 'message.created');
    const before = await sendUntilCrossed(sender, receiver, created, 'before');
    expect(crossedIds(created)).toContain(before.at(-1));
    expect((await health(nodeA)).statusCode).toBe(200);

    await redis.stop('SIGKILL');
    const down = await healthUntil(nodeA, 'redis', 'down');
    expect(down.statusCode).toBe(503);
    expect(down.body).toMatchObject({
      err_key: 'service_unavailable',
      checks: { redis: { state: 'down' }, database: { state: 'up' }, storage: { state: 'up' } },
    });

    // What needs only the database goes on: a message sent now is acknowledged and kept.
    const during = await answered(sent(sender, receiver, 'during the outage'), 'send');
    // Seconds into the outage too: asking who has the chat open through the lost Redis waited
    // out ioredis's reconnect attempts (2 s at 5 s in, 8 s later on); now this node answers at once.
    await pause(5_000);
    const sendStarted = performance.now();
    const later = await sent(sender, receiver, 'five seconds into the outage');
    expect(performance.now() - sendStarted).toBeLessThan(1_500);
    // Rate-limited routes answer as usual, counted on this node alone (no 500, no hang).
    const signIn = await answered(
      client(nodeA).post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong!!' }),
      'sign-in',
    );
    expect(signIn.statusCode).toBe(401);
    await redis.start();
    const up = await healthUntil(nodeA, 'redis', 'up');
    expect(up.statusCode).toBe(200);
    // The adapter's clients reconnect and subscribe again by themselves.
    const after = await sendUntilCrossed(sender, receiver, created, 'after');
    expect(crossedIds(created)).toContain(after.at(-1));

    const history = (await loadWith(receiver, sender.id)).messages.map((m: Message) => m.id);
    for (const id of [...before, during.id, later.id, ...after]) expect(history).toContain(id);
    expect(onB.connected).toBe(true);
  }, 120_000);
});

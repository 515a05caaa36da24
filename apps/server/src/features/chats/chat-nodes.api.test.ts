import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@glimpse/contract';
import { collect, waitForCount } from '../../platform/realtime/test/socket-test-client.ts';
import type { TestServer } from '../../test/harness.ts';
import { loadWith, sent, viewer } from './test/chat-fixtures.ts';
import { closeSockets, joinChat, pause, socketOf } from './test/chat-sockets.ts';
import { startTwoNodes, type SecondNode, type TwoNodes } from './test/second-node.ts';

// Two nodes need Redis between them; without TEST_REDIS_URL this suite is skipped (CI sets it).
describe.runIf(process.env.TEST_REDIS_URL)('chats across two nodes (Redis adapter)', () => {
  let nodes: TwoNodes;
  let nodeA: TestServer;
  let urlA: string;
  let nodeB: SecondNode;
  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ nodeA, urlA, nodeB } = nodes);
  });
  afterAll(async () => {
    closeSockets();
    await nodes?.stop();
  });
  afterEach(closeSockets);

  it('a message sent through node A reaches a client connected to node B, once', async () => {
    const [sender, receiver] = [await viewer(nodeA), await viewer(nodeA)];
    const { chat_id: chatId } = await loadWith(sender, receiver.id);
    const onB = await socketOf(nodeB.url, receiver);
    // The membership check of node B reads the shared database.
    expect(await joinChat(onB, chatId)).toEqual({ ok: true });
    const created = collect(onB, 'message.created');
    // The adapter subscribes asynchronously: send until the first message crosses over.
    const sentIds: number[] = [];
    const deadline = Date.now() + 5_000;
    while (created.length === 0 && Date.now() < deadline) {
      sentIds.push((await sent(sender, receiver, `try ${sentIds.length}`)).id);
      await pause(100);
    }
    const last = await sent(sender, receiver, 'across nodes');
    sentIds.push(last.id);
    await pause(200);
    const received = (created as { message_id: number; message: Message }[]).map(
      (event) => event.message_id,
    );
    expect(received.at(-1)).toBe(last.id);
    // In the user's room and the chat's room on node B, still once each, none foreign.
    expect(new Set(received).size).toBe(received.length);
    expect(received.every((id) => sentIds.includes(id))).toBe(true);
    expect((created.at(-1) as { message: Message }).message).toMatchObject({
      message: 'across nodes',
      user_id: sender.id,
    });
  });

  it('relays typing from a socket on node B to one on node A', async () => {
    const [a, b] = [await viewer(nodeA), await viewer(nodeA)];
    const { chat_id: chatId } = await sent(a, b, 'hi');
    const [onA, onB] = [await socketOf(urlA, a), await socketOf(nodeB.url, b)];
    expect(await joinChat(onA, chatId)).toEqual({ ok: true });
    expect(await joinChat(onB, chatId)).toEqual({ ok: true });
    const typing = collect(onA, 'typing');
    const deadline = Date.now() + 5_000;
    while (typing.length === 0 && Date.now() < deadline) {
      onB.emit('typing', { chat_id: chatId });
      await pause(350);
    }
    await waitForCount(typing, 1);
    expect(typing[0]).toEqual({ chat_id: chatId, user_id: b.id });
  });
});

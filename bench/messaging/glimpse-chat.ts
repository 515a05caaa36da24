import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { Pool } from 'undici';
import { signUp } from '../api/glimpse-process.ts';

/** Two signed-up users and the direct chat between them, on a running server. */
export interface ChatPair {
  sender: { id: number; cookie: string };
  receiver: { id: number; cookie: string };
  chatId: number;
}

export async function makeChatPair(url: string, tag: string): Promise<ChatPair> {
  const sender = await signUp(url, `sender-${tag}@bench.example`);
  const receiver = await signUp(url, `receiver-${tag}@bench.example`);
  const response = await fetch(`${url}/api/chats/load?user_id=${receiver.id}`, {
    headers: { cookie: sender.cookie, origin: url },
  });
  if (!response.ok) throw new Error(`chat load: ${response.status} ${await response.text()}`);
  const { chat_id: chatId } = (await response.json()) as { chat_id: number };
  return { sender, receiver, chatId };
}

/** A socket.io client with a session, connected over WebSocket. */
export async function connectSocket(url: string, cookie: string): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { cookie, origin: url },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

export async function joinChat(socket: Socket, chatId: number): Promise<void> {
  const answer = (await socket.timeout(10_000).emitWithAck('chat.join', { chat_id: chatId })) as {
    ok: boolean;
  };
  if (!answer.ok) throw new Error('chat.join refused');
}

/**
 * Sends text messages over keep-alive HTTP (the web client's path); `onSent` learns each
 * message's client id and when its request started.
 */
export function messageSender(url: string, pair: ChatPair) {
  const pool = new Pool(url, { connections: 32 });
  let failed = 0;
  return {
    failed: () => failed,
    close: () => pool.close(),
    async send(started: (clientId: string) => void): Promise<void> {
      const clientId = randomUUID();
      started(clientId);
      const response = await pool.request({
        method: 'POST',
        path: '/api/messages/send',
        headers: { cookie: pair.sender.cookie, origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: pair.receiver.id, message: 'hello', client_id: clientId }),
      });
      await response.body.dump();
      if (response.statusCode !== 200) failed += 1;
    },
  };
}

/**
 * Sends `count` messages to `url`, unmeasured: a cold server spends its first on the JIT.
 * One sender per chat over 8 chats (made on `node` unless given), each waiting for its answer,
 * so every message is a transaction of its own whatever the build: one chat's group commit would
 * write a burst in a few transactions and leave the per-transaction path cold for the runs that
 * follow.
 */
export async function warmUp(
  node: { url: string },
  tag: string,
  count: number,
  url = node.url,
  pairs?: ChatPair[],
): Promise<void> {
  if (count <= 0) return;
  const chats =
    pairs ??
    (await Promise.all(
      Array.from({ length: 8 }, (_, index) => makeChatPair(node.url, `warm-${tag}${index}`)),
    ));
  const senders = chats.map((pair) => messageSender(url, pair));
  let left = count;
  await Promise.all(
    senders.map(async (sender) => {
      while (left-- > 0) await sender.send(() => undefined);
    }),
  );
  await Promise.all(senders.map((sender) => sender.close()));
}

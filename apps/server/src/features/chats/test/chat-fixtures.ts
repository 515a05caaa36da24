import { randomUUID } from 'node:crypto';
import type { ChatState, Message } from '@glimpse/contract';
import { userBlocks } from '../../../db/schema/index.ts';
import type { Client, TestServer } from '../../../test/harness.ts';
import { seedFollow, seedSubscription } from '../../../test/access-fixtures.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { channelOf, postMessage } from '../chat-core.service.ts';

/** Tests only: people, chats and messages over the real HTTP API (blocks straight in the table). */

export { creator, fundWallet, pay, viewer } from '../../money/test/index.ts';
export { seedFollow, seedSubscription };

export type Person = { id: number; client: Client };

export const newClientId = () => randomUUID();

/** POST /api/messages/send. */
export function sendText(from: Person, to: { id: number }, message = 'hi', clientId?: string) {
  return from.client.post('/api/messages/send', {
    user_id: to.id,
    message,
    client_id: clientId ?? newClientId(),
  });
}

/** POST /api/messages/send/channel/{chat_id}. */
export function sendToChannel(from: Person, chatId: number, message = 'hi', clientId?: string) {
  return from.client.post(`/api/messages/send/channel/${chatId}`, {
    message,
    client_id: clientId ?? newClientId(),
  });
}

/** Sends and expects success; answers the Message. */
export async function sent(from: Person, to: { id: number }, message = 'hi'): Promise<Message> {
  const response = await sendText(from, to, message);
  if (response.statusCode !== 200) throw new Error(`send failed: ${response.body}`);
  return response.json<Message>();
}

/** GET /api/chats/load by companion, expecting success. */
export async function loadWith(viewer: Person, userId: number): Promise<ChatState> {
  const response = await viewer.client.get(`/api/chats/load?user_id=${userId}`);
  if (response.statusCode !== 200) throw new Error(`load failed: ${response.body}`);
  return response.json<ChatState>();
}

/** The user's own channel id. */
export async function channelIdOf(server: TestServer, userId: number): Promise<number> {
  return (await channelOf(server.ctx, userId))!;
}

/** `blocker` blocks `blocked` (the block routes belong to another part of messaging). */
export async function seedBlock(server: TestServer, blockerId: number, blockedId: number) {
  await server.ctx.db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** "status err_key" of a refusal, "status" of a success. */
export function outcome(response: { statusCode: number; json(): unknown }): string {
  if (response.statusCode < 400) return String(response.statusCode);
  return `${response.statusCode} ${(response.json() as { err_key: string }).err_key}`;
}

/** `count` text messages `m0`, `m1`, ... straight through postMessage (one transaction). */
export async function seedMessages(
  server: TestServer,
  chatId: number,
  senderId: number,
  count: number,
): Promise<number[]> {
  return inTransaction(server.ctx.db, async (tx, effects) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const posted = await postMessage(tx, effects, {
        chatId,
        senderId,
        type: 'text',
        body: `m${i}`,
      });
      ids.push(posted.id);
    }
    return ids;
  });
}

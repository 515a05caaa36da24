import { chatRoom, userRoom } from '@glimpse/contract';
import type { DbContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { EffectQueue } from '../../platform/db/transaction.ts';
import * as repo from './chat-core.repository.ts';
import type { NewMessage } from './chat-core.repository.ts';

export type { MessageKind, NewMessage } from './chat-core.repository.ts';

/**
 * The seam every feature posts chat messages through (tips, stories into chats, audio, text):
 * the message, the chat's last-message mark and its `message.created` event are written in the
 * caller's transaction, so a message is never stored without its event or the reverse.
 */

export interface PostedMessage {
  id: number;
  chatId: number;
  /** True when the client id had been used: nothing new was written or emitted. */
  replayed: boolean;
}

/** The rooms a chat's events go to: the chat's room, and a direct chat's two members. */
export function chatEventRooms(chat: repo.ChatRow): string[] {
  const rooms = [chatRoom(chat.id)];
  if (chat.kind === 'direct') rooms.push(userRoom(chat.userLowId!), userRoom(chat.userHighId!));
  return rooms;
}

/**
 * Posts a message in the caller's transaction. Access is the caller's to check first (the
 * access module's `chat.send`); this only writes. The `message.created` event carries ids
 * only; features/chats sends the viewer-neutral copy for text and tips (`withNeutralCopy`).
 */
export async function postMessage(
  tx: Tx,
  effects: EffectQueue,
  input: NewMessage,
  eventMessage?: (id: number) => Promise<object | undefined>,
): Promise<PostedMessage> {
  if (input.clientId) {
    const earlier = await repo.findByClientId(tx, input.senderId, input.clientId);
    if (earlier) return { id: earlier.id, chatId: earlier.chatId, replayed: true };
  }
  const id = await repo.insertMessage(tx, input);
  if (id === undefined) {
    // A concurrent send with the same client id won the insert: answer its message.
    const earlier = await repo.findByClientId(tx, input.senderId, input.clientId!);
    return { id: earlier!.id, chatId: earlier!.chatId, replayed: true };
  }
  const chat = (await repo.findChat(tx, input.chatId))!;
  const message = eventMessage ? await eventMessage(id) : undefined;
  effects.emitToRooms(chatEventRooms(chat), 'message.created', {
    chat_id: chat.id,
    message_id: id,
    sender_id: input.senderId,
    ...(message ? { message: message as never } : {}),
  });
  return { id, chatId: chat.id, replayed: false };
}

/** The direct chat between two users, made on first contact. */
export async function directChatBetween(tx: Tx, userA: number, userB: number): Promise<number> {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  return repo.findOrCreateDirectChat(tx, low, high);
}

/** The direct chat between two users if they have one (a read: no transaction needed). */
export async function findDirectChatBetween(
  ctx: DbContext,
  userA: number,
  userB: number,
): Promise<number | undefined> {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  return repo.findDirectChat(ctx.db, low, high);
}

/** The user's broadcast channel (every user has one, made with the account). */
export async function channelOf(ctx: DbContext, ownerId: number): Promise<number | undefined> {
  return repo.findChannelOf(ctx.db, ownerId);
}

/**
 * Opens a live stream's chat in the caller's transaction (features/live creates it with the
 * stream): kind `stream`, owned by the creator, read and written by who may watch the stream.
 */
export function openStreamChat(tx: Tx, creatorId: number): Promise<number> {
  return repo.insertStreamChat(tx, creatorId);
}

import { chatRoom, userRoom } from '@glimpse/contract';
import type { DbContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { EffectQueue } from '../../platform/db/transaction.ts';
import * as repo from './chat-core.repository.ts';
import type { InsertedMessage, NewMessage } from './chat-core.repository.ts';

export type { InsertedMessage, MessageKind, NewMessage } from './chat-core.repository.ts';

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
  /** What the insert answered (a new message only): its time, chat and sender's card. */
  inserted?: InsertedMessage;
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
 * only, plus `eventMessage`'s copy when given (features/chats sends the viewer-neutral copy for
 * text and tips); it gets the new id and what the insert answered, so it need not read again.
 * A client id the sender already used answers that message: looked up only after the insert
 * found it taken (a retry is rare; a concurrent retry waits for the first to commit).
 */
export async function postMessage(
  tx: Tx,
  effects: EffectQueue,
  input: NewMessage,
  eventMessage?: (id: number, inserted: InsertedMessage) => Promise<object | undefined>,
): Promise<PostedMessage> {
  const inserted = await repo.insertMessage(tx, input);
  if (inserted === undefined) {
    const earlier = input.clientId
      ? await repo.findByClientId(tx, input.senderId, input.clientId)
      : undefined;
    // Nothing inserted and no earlier message: the chat does not exist (callers resolve it).
    if (!earlier) throw new Error(`chat ${input.chatId} not found for a new message`);
    return { id: earlier.id, chatId: earlier.chatId, replayed: true };
  }
  const { id, chat } = inserted;
  const message = eventMessage ? await eventMessage(id, inserted) : undefined;
  effects.emitToRooms(chatEventRooms(chat), 'message.created', {
    chat_id: chat.id,
    message_id: id,
    sender_id: input.senderId,
    ...(message ? { message: message as never } : {}),
  });
  return { id, chatId: chat.id, replayed: false, inserted };
}

/** The direct chat between two users, made on first contact. */
export async function directChatBetween(tx: Tx, userA: number, userB: number): Promise<number> {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  return repo.findOrCreateDirectChat(tx, low, high);
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

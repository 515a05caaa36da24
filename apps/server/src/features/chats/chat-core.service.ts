import { chatRoom, userRoom } from '@glimpse/contract';
import type { DbContext } from '../../platform/context.ts';
import type { DbOrTx, Tx } from '../../platform/db/database.ts';
import type { EffectQueue } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { OutboxRow } from '../../platform/outbox/outbox-effect.ts';
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

/** Builds a message's copy for its `message.created` event from what the insert answered. */
export type EventMessage = (id: number, inserted: InsertedMessage) => Promise<object | undefined>;

/** One message to post, with its event copy (see `postMessage`). */
export interface MessagePost {
  input: NewMessage;
  eventMessage?: EventMessage | undefined;
  /**
   * A text into a direct chat can also be posted as a live text (`postLiveTexts`): its event copy
   * without the database's parts, the chat's event rooms and the member it notifies.
   */
  live?: { template: string; rooms: string[]; recipientId: number } | undefined;
}

/**
 * Posts a message in the caller's transaction. Access is the caller's to check first (the
 * access module's `chat.send`); this only writes. The `message.created` event carries ids
 * only, plus `eventMessage`'s copy when given (features/chats sends the viewer-neutral copy for
 * text and tips); it gets the new id and what the insert answered, so it need not read again.
 * A client id the sender already used answers that message: looked up only after the insert
 * found it taken (a retry is rare; a concurrent retry waits for the first to commit); used
 * for another chat, it is 422 `idempotency_mismatch`.
 */
export async function postMessage(
  tx: Tx,
  effects: EffectQueue,
  input: NewMessage,
  eventMessage?: EventMessage,
): Promise<PostedMessage> {
  const [posted] = await postMessages(tx, effects, [{ input, eventMessage }]);
  return posted!;
}

/**
 * `postMessage` for several messages of one chat in the caller's transaction, in one insert
 * (ids in the given order) with their events queued in that order; answers in the same order.
 * Two posts with one sender and client id make one message: the later answers the earlier,
 * replayed, as a retry after it would (parallel retries can land in one batch).
 */
export async function postMessages(
  tx: Tx,
  effects: EffectQueue,
  posts: MessagePost[],
): Promise<PostedMessage[]> {
  const chatId = posts[0]!.input.chatId;
  if (posts.some((post) => post.input.chatId !== chatId)) {
    throw new Error('postMessages writes into one chat');
  }
  // Each post's first post with the same sender and client id (itself when it is the first).
  const firsts = new Map<string, number>();
  const firstOf = posts.map((post, index) => {
    const clientId = post.input.clientId ?? null;
    if (clientId === null) return index;
    const key = `${post.input.senderId}:${clientId}`;
    if (!firsts.has(key)) firsts.set(key, index);
    return firsts.get(key)!;
  });
  const firstIndexes = posts.flatMap((_, index) => (firstOf[index] === index ? [index] : []));
  const inserted = await repo.insertMessages(
    tx,
    chatId,
    firstIndexes.map((index) => posts[index]!.input),
  );
  const answers = new Map<number, PostedMessage>();
  for (const [position, index] of firstIndexes.entries()) {
    answers.set(index, await posted(tx, effects, posts[index]!, inserted[position]));
  }
  return posts.map((_, index) => {
    const answer = answers.get(firstOf[index]!)!;
    if (firstOf[index] === index) return answer;
    return { id: answer.id, chatId: answer.chatId, replayed: true };
  });
}

/**
 * Texts of one chat posted as `postMessages` would, in one statement committing on its own with
 * their events (repo.insertLiveTexts), for sends that have nothing else to write (nobody to notify):
 * the outbox rows come back for the caller to hand to the relay once this resolves.
 */
export async function postLiveTexts(
  db: DbOrTx,
  posts: Array<MessagePost & { live: NonNullable<MessagePost['live']> }>,
  claimSeconds: number | undefined,
): Promise<{ answers: Array<PostedMessage | Error>; events: OutboxRow[] }> {
  const chatId = posts[0]!.input.chatId;
  const { inserted, events } = await repo.insertLiveTexts(
    db,
    chatId,
    posts.map((post) => ({ input: post.input, template: post.live.template })),
    posts[0]!.live.rooms,
    claimSeconds,
  );
  // Each post's own answer, or its own error: the others' messages are committed already.
  const answers: Array<PostedMessage | Error> = [];
  for (const [index, post] of posts.entries()) {
    const row = inserted[index];
    if (row) {
      answers.push({ id: row.id, chatId, replayed: false, inserted: row });
      continue;
    }
    // A taken client id (by an earlier send, or by one of this batch): that message answers.
    const earlier = await repo.findByClientId(db, post.input.senderId, post.input.clientId!);
    if (!earlier) answers.push(new Error(`chat ${chatId} not found for a new message`));
    else if (earlier.chatId !== chatId) answers.push(new AppError('idempotency_mismatch'));
    else answers.push({ id: earlier.id, chatId, replayed: true });
  }
  return { answers, events };
}

/** Queues a new message's event, or finds the earlier message of a taken client id. */
async function posted(
  tx: Tx,
  effects: EffectQueue,
  { input, eventMessage }: MessagePost,
  inserted: InsertedMessage | undefined,
): Promise<PostedMessage> {
  if (inserted === undefined) {
    const earlier = input.clientId
      ? await repo.findByClientId(tx, input.senderId, input.clientId)
      : undefined;
    // Nothing inserted and no earlier message: the chat does not exist (callers resolve it).
    if (!earlier) throw new Error(`chat ${input.chatId} not found for a new message`);
    // A client id names one message: reused for another chat it is a client's bug, not a retry.
    if (earlier.chatId !== input.chatId) throw new AppError('idempotency_mismatch');
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

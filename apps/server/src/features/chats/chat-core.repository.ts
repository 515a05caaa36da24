import { and, eq, sql } from 'drizzle-orm';
import type { ChatKind } from '../../db/schema/index.ts';
import { chatMembers, chats, messages, type MESSAGE_KINDS } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db/database.ts';
import { namedStatement } from '../../platform/db/prepared.ts';

export type MessageKind = (typeof MESSAGE_KINDS)[number];

export interface NewMessage {
  chatId: number;
  senderId: number;
  type: MessageKind;
  body?: string;
  /** The sender client's id: a repeat answers the first message instead of posting again. */
  clientId?: string | null;
  storyId?: number | null;
  audioKey?: string | null;
  audioDurationSeconds?: number | null;
  tipId?: number | null;
  tipRequestId?: number | null;
  meta?: Record<string, unknown>;
}

export interface ChatRow {
  id: number;
  kind: ChatKind;
  ownerId: number | null;
  userLowId: number | null;
  userHighId: number | null;
}

const chatColumns = {
  id: chats.id,
  kind: chats.kind,
  ownerId: chats.ownerId,
  userLowId: chats.userLowId,
  userHighId: chats.userHighId,
};

export async function findChat(db: DbOrTx, chatId: number): Promise<ChatRow | undefined> {
  const [row] = await db.select(chatColumns).from(chats).where(eq(chats.id, chatId));
  return row;
}

/** The direct chat of a pair, made with both members on first contact (race-safe). */
export async function findOrCreateDirectChat(tx: Tx, low: number, high: number): Promise<number> {
  await tx
    .insert(chats)
    .values({ kind: 'direct', userLowId: low, userHighId: high })
    .onConflictDoNothing({
      target: [chats.userLowId, chats.userHighId],
      where: sql`${chats.kind} = 'direct'`,
    });
  const [row] = await tx
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.kind, 'direct'), eq(chats.userLowId, low), eq(chats.userHighId, high)));
  await tx
    .insert(chatMembers)
    .values([
      { chatId: row!.id, userId: low },
      { chatId: row!.id, userId: high },
    ])
    .onConflictDoNothing();
  return row!.id;
}

export async function findChannelOf(db: DbOrTx, ownerId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.kind, 'channel'), eq(chats.ownerId, ownerId)));
  return row?.id;
}

/** A live stream's chat (kind `stream`), owned by the creator, with their owner row. */
export async function insertStreamChat(tx: Tx, ownerId: number): Promise<number> {
  const [row] = await tx
    .insert(chats)
    .values({ kind: 'stream', ownerId })
    .returning({ id: chats.id });
  await tx.insert(chatMembers).values({ chatId: row!.id, userId: ownerId, role: 'owner' });
  return row!.id;
}

/** The message a sender already posted under this client id, if any. */
export async function findByClientId(
  db: DbOrTx,
  senderId: number,
  clientId: string,
): Promise<{ id: number; chatId: number } | undefined> {
  const [row] = await db
    .select({ id: messages.id, chatId: messages.chatId })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

/** What the insert answers: the new message's id and time, its chat, and its sender's card. */
export interface InsertedMessage {
  id: number;
  createdAt: Date;
  chat: ChatRow;
  sender: { name: string; slug: string; avatarKey: string | null };
}

const value = (key: string, type: string) => sql`${sql.placeholder(key)}::${sql.raw(type)}`;

// One round trip while the chat is locked (a chat's sends queue on that lock, so its length is
// the chat's top rate). `locked` takes the chat's row lock before the insert draws the id: the
// insert reads its chat from `locked`, so no id exists before the lock is held, messages of one
// chat commit in id order, and `after` cursors backfill with no gaps (docs/decisions.md,
// "Messaging: chats and channels"). A client id the sender already used inserts nothing (the
// partial unique index), and then nothing moves and no row comes back. The last-message mark
// and the sender's read mark move in the same statement; the chat's members and the sender's
// card come back for the event and the answer, so nothing is read again.
const insertMessageStatement = namedStatement<{
  id: string | number;
  created_at: string;
  kind: 'direct' | 'channel';
  owner_id: number | null;
  user_low_id: number | null;
  user_high_id: number | null;
  sender_name: string;
  sender_slug: string;
  sender_avatar_key: string | null;
}>(
  'chats_insert_message',
  sql`with locked as (
    select id, kind, owner_id, user_low_id, user_high_id from chats
    where id = ${value('chatId', 'int')} for no key update
  ), inserted as (
    insert into messages (chat_id, sender_id, type, body, client_id, story_id, audio_key,
      audio_duration_seconds, tip_id, tip_request_id, meta)
    select locked.id, ${value('senderId', 'int')}, ${value('type', 'text')}, ${value('body', 'text')},
      ${value('clientId', 'text')}, ${value('storyId', 'int')}, ${value('audioKey', 'text')},
      ${value('audioDurationSeconds', 'real')}, ${value('tipId', 'int')},
      ${value('tipRequestId', 'int')}, ${value('meta', 'jsonb')}
    from locked
    on conflict (sender_id, client_id) where client_id is not null do nothing
    returning id, chat_id, sender_id, created_at
  ), moved as (
    update chats set last_message_id = inserted.id, last_message_at = inserted.created_at
    from inserted where chats.id = inserted.chat_id
  ), marked as (
    update chat_members set last_read_message_id = inserted.id
    from inserted
    where chat_members.chat_id = inserted.chat_id and chat_members.user_id = inserted.sender_id
  )
  select inserted.id, inserted.created_at, locked.kind, locked.owner_id, locked.user_low_id,
    locked.user_high_id, sender.name as sender_name, sender.slug as sender_slug,
    sender.avatar_key as sender_avatar_key
  from inserted
  join locked on locked.id = inserted.chat_id
  join users sender on sender.id = inserted.sender_id`,
);

/**
 * Inserts the message unless the sender already used its client id (then answers nothing), and
 * moves the chat's last message and the sender's read mark to it, in one statement. Callers
 * posting into several chats in one transaction lock them in ascending chat id order (no
 * deadlocks).
 */
export async function insertMessage(
  tx: Tx,
  input: NewMessage,
): Promise<InsertedMessage | undefined> {
  const [row] = await insertMessageStatement(tx, {
    chatId: input.chatId,
    senderId: input.senderId,
    type: input.type,
    body: input.body ?? '',
    clientId: input.clientId ?? null,
    storyId: input.storyId ?? null,
    audioKey: input.audioKey ?? null,
    audioDurationSeconds: input.audioDurationSeconds ?? null,
    tipId: input.tipId ?? null,
    tipRequestId: input.tipRequestId ?? null,
    meta: JSON.stringify(input.meta ?? {}),
  });
  if (!row) return undefined;
  return {
    id: Number(row.id),
    createdAt: new Date(row.created_at),
    chat: {
      id: input.chatId,
      kind: row.kind,
      ownerId: row.owner_id,
      userLowId: row.user_low_id,
      userHighId: row.user_high_id,
    },
    sender: { name: row.sender_name, slug: row.sender_slug, avatarKey: row.sender_avatar_key },
  };
}

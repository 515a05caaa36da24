import { and, eq, sql } from 'drizzle-orm';
import type { ChatKind } from '../../db/schema/index.ts';
import { chatMembers, chats, messages, type MESSAGE_KINDS } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db/database.ts';

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

export async function findDirectChat(
  db: DbOrTx,
  low: number,
  high: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.kind, 'direct'), eq(chats.userLowId, low), eq(chats.userHighId, high)));
  return row?.id;
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

/**
 * Inserts the message unless the sender already used its client id (then answers nothing), and
 * moves the chat's last message and the sender's read mark to it. Callers posting into several
 * chats in one transaction lock them in ascending chat id order (no deadlocks).
 */
export async function insertMessage(tx: Tx, input: NewMessage): Promise<number | undefined> {
  // The chat's row lock first, before the id is drawn: messages of one chat then commit in id
  // order, so a history page never shows a message while an older one is still uncommitted,
  // and `after` cursors backfill with no gaps (docs/decisions.md, "Messaging: chats and
  // channels"). The last-message update below needed this lock anyway.
  await tx
    .select({ id: chats.id })
    .from(chats)
    .where(eq(chats.id, input.chatId))
    .for('no key update');
  const [inserted] = await tx
    .insert(messages)
    .values({
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
      meta: input.meta ?? {},
    })
    .onConflictDoNothing({
      target: [messages.senderId, messages.clientId],
      where: sql`${messages.clientId} is not null`,
    })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (!inserted) return undefined;
  await tx
    .update(chats)
    .set({ lastMessageId: inserted.id, lastMessageAt: inserted.createdAt })
    .where(eq(chats.id, input.chatId));
  await tx
    .update(chatMembers)
    .set({ lastReadMessageId: inserted.id })
    .where(and(eq(chatMembers.chatId, input.chatId), eq(chatMembers.userId, input.senderId)));
  return inserted.id;
}

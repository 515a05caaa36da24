import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { ChatKind } from '../../db/schema/index.ts';
import { chatMembers, chats, messages, stories, users } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db/database.ts';

const anyInt = (ids: number[]) => sql`any(${sql.param(ids)}::int[])`;

/** A chat of the viewer's lists, with its order, preview and unread count. */
export interface ListedChatRow {
  chatId: number;
  kind: ChatKind;
  /** The channel's owner, or the direct chat's other member. */
  partyId: number;
  lastMessageId: number | null;
  updatedAt: Date;
  unreadCount: number;
}

/**
 * The viewer's chats of one kind they are a member of, newest first: direct chats with at least
 * one message, or channels (own and joined). Unread: messages of others after the member's read
 * mark (the sender's own messages move their mark, chat-core.repository.ts).
 */
export async function listMemberChats(
  db: DbOrTx,
  viewerId: number,
  kind: ChatKind,
): Promise<ListedChatRow[]> {
  const partyId = sql<number>`case when ${chats.kind} = 'channel' then ${chats.ownerId}
    when ${chats.userLowId} = ${viewerId} then ${chats.userHighId} else ${chats.userLowId} end`;
  const rows = await db
    .select({
      chatId: chats.id,
      kind: chats.kind,
      partyId,
      lastMessageId: chats.lastMessageId,
      updatedAt: sql<Date>`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`,
      unreadCount: sql<number>`(select count(*) from messages m where m.chat_id = ${chats.id}
        and m.id > ${chatMembers.lastReadMessageId} and m.sender_id <> ${viewerId}
        and m.deleted_at is null)`,
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(chatMembers.userId, viewerId),
        eq(chats.kind, kind),
        kind === 'direct' ? sql`${chats.lastMessageId} is not null` : undefined,
      ),
    )
    .orderBy(sql`${chats.lastMessageAt} desc nulls last`, desc(chats.id));
  return rows.map((row) => ({
    ...row,
    partyId: Number(row.partyId),
    lastMessageId: row.lastMessageId === null ? null : Number(row.lastMessageId),
    updatedAt: new Date(row.updatedAt),
    unreadCount: Number(row.unreadCount),
  }));
}

/** What a chat header and list row show of a person. */
export interface PartyRow {
  id: number;
  name: string;
  slug: string;
  avatarKey: string | null;
  verified: boolean;
  onHolidayMood: boolean;
  lastSeenAt: Date | null;
  bio: string;
}

export async function partyRows(db: DbOrTx, ids: number[]): Promise<Map<number, PartyRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      slug: users.slug,
      avatarKey: users.avatarKey,
      verified: sql<boolean>`${users.verifyOndatoAt} is not null`,
      onHolidayMood: users.onHolidayMood,
      lastSeenAt: users.lastSeenAt,
      bio: users.bio,
    })
    .from(users)
    .where(sql`${users.id} = ${anyInt([...new Set(ids)])}`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** A chat's state columns: last message and pin. */
export async function chatState(db: DbOrTx, chatId: number) {
  const [row] = await db
    .select({ lastMessageId: chats.lastMessageId, pinnedMessageId: chats.pinnedMessageId })
    .from(chats)
    .where(eq(chats.id, chatId));
  return row;
}

/** Up to `limit` message ids before `beforeId` (all when null), newest first. */
export async function messageIdsBefore(
  db: DbOrTx,
  chatId: number,
  beforeId: number | null,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(eq(messages.chatId, chatId), beforeId === null ? undefined : lt(messages.id, beforeId)),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.map((row) => Number(row.id));
}

/** Up to `limit` message ids after `afterId`, oldest first. */
export async function messageIdsAfter(
  db: DbOrTx,
  chatId: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), gt(messages.id, afterId)))
    .orderBy(asc(messages.id))
    .limit(limit);
  return rows.map((row) => Number(row.id));
}

/** A channel viewer's membership row (listed, read state); nothing when it exists. */
export async function joinChat(db: DbOrTx, chatId: number, userId: number): Promise<void> {
  await db.insert(chatMembers).values({ chatId, userId, role: 'member' }).onConflictDoNothing();
}

/**
 * Moves the member's read mark to the chat's newest message, never backwards. Answers the new
 * mark when it moved, undefined when it did not (or the viewer is not a member).
 */
export async function markReadToNewest(
  tx: Tx,
  chatId: number,
  userId: number,
): Promise<number | undefined> {
  const [row] = await tx
    .update(chatMembers)
    .set({ lastReadMessageId: sql`(select c.last_message_id from chats c where c.id = ${chatId})` })
    .where(
      and(
        eq(chatMembers.chatId, chatId),
        eq(chatMembers.userId, userId),
        sql`${chatMembers.lastReadMessageId} < coalesce((select c.last_message_id from chats c where c.id = ${chatId}), 0)`,
      ),
    )
    .returning({ lastRead: chatMembers.lastReadMessageId });
  return row ? Number(row.lastRead) : undefined;
}

export async function messageInChat(
  db: DbOrTx,
  chatId: number,
  messageId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.chatId, chatId)));
  return row !== undefined;
}

export async function setPinnedMessage(
  tx: Tx,
  chatId: number,
  messageId: number | null,
): Promise<void> {
  await tx.update(chats).set({ pinnedMessageId: messageId }).where(eq(chats.id, chatId));
}

/** Marks users as seen now (presence: the online dot). One statement for any number. */
export async function touchLastSeen(db: DbOrTx, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(sql`${users.id} = ${anyInt(userIds)}`);
}

/** What deleting a message for everyone needs to know of it, read under its row lock. */
export interface DeletableMessageRow {
  chatId: number;
  type: (typeof messages.$inferSelect)['type'];
  deleted: boolean;
  audioKey: string | null;
  /** The price of the story it carries (story messages), null when free or none. */
  storyPriceCents: number | null;
  /** The chat's pinned message id. */
  pinnedMessageId: number | null;
}

/** Locks a message's row and reads what its deletion decides on; undefined when missing. */
export async function lockMessageForDeletion(
  tx: Tx,
  messageId: number,
): Promise<DeletableMessageRow | undefined> {
  const [row] = await tx
    .select({
      chatId: messages.chatId,
      type: messages.type,
      deleted: sql<boolean>`${messages.deletedAt} is not null`,
      audioKey: messages.audioKey,
      storyPriceCents: stories.priceCents,
      pinnedMessageId: chats.pinnedMessageId,
    })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .leftJoin(stories, eq(stories.id, messages.storyId))
    .where(eq(messages.id, messageId))
    .for('update', { of: messages });
  return (
    row && {
      ...row,
      pinnedMessageId: row.pinnedMessageId === null ? null : Number(row.pinnedMessageId),
    }
  );
}

/**
 * Deleted for everyone: the time is set and the content goes for good (text, recording, story
 * link, tip links, quote); the row stays so the history shows where it was.
 */
export async function markMessageDeleted(tx: Tx, messageId: number): Promise<void> {
  await tx
    .update(messages)
    .set({
      deletedAt: sql`now()`,
      body: '',
      audioKey: null,
      audioDurationSeconds: null,
      storyId: null,
      meta: {},
    })
    .where(eq(messages.id, messageId));
}

import { sql } from 'drizzle-orm';
import type { ChatKind } from '../../db/schema/index.ts';
import { alias } from 'drizzle-orm/pg-core';
import { chatMembers, chats, messages, tipRequests, tips, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

const anyInt = (ids: number[]) => sql`any(${sql.param(ids)}::int[])`;
const anyBigint = (ids: number[]) => sql`any(${sql.param(ids)}::bigint[])`;

const sender = alias(users, 'sender');
const tipper = alias(users, 'tipper');

/** A message with what its presentation needs: sender, tip and tip request. */
export interface MessageRow {
  id: number;
  chatId: number;
  chatKind: ChatKind;
  senderId: number;
  type: 'text' | 'story' | 'user_tip' | 'creator_tip' | 'audio';
  body: string;
  clientId: string | null;
  storyId: number | null;
  audioKey: string | null;
  audioDurationSeconds: number | null;
  createdAt: Date;
  senderName: string;
  senderSlug: string;
  senderAvatarKey: string | null;
  tipAmountCents: number | null;
  tipperName: string | null;
  requestId: number | null;
  requestMessage: string | null;
  requestAmountCents: number | null;
  requestStatus: 'pending' | 'paid' | 'declined' | null;
  /** A reply to a story (`meta.story_reply`): the story it quotes. */
  replyStoryId?: number | null;
  /**
   * Deleted for everyone by its sender (its content is already gone), or taken down by a
   * moderator (issue 29: its content is kept for a restore, but no answer carries it).
   */
  deleted?: boolean;
}

/** Messages by id (one query), with their senders, tips and tip requests read live. */
export async function messageRows(db: DbOrTx, ids: number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: messages.id,
      chatId: messages.chatId,
      chatKind: chats.kind,
      senderId: messages.senderId,
      type: messages.type,
      body: messages.body,
      clientId: messages.clientId,
      storyId: messages.storyId,
      audioKey: messages.audioKey,
      audioDurationSeconds: messages.audioDurationSeconds,
      createdAt: messages.createdAt,
      senderName: sender.name,
      senderSlug: sender.slug,
      senderAvatarKey: sender.avatarKey,
      tipAmountCents: tips.amountCents,
      tipperName: tipper.name,
      requestId: tipRequests.id,
      requestMessage: tipRequests.message,
      requestAmountCents: tipRequests.amountCents,
      requestStatus: tipRequests.status,
      replyStoryId: sql<number | null>`(${messages.meta}->'story_reply'->>'story_id')::int`,
      deleted: sql<boolean>`(${messages.deletedAt} is not null or ${messages.takenDownAt} is not null)`,
    })
    .from(messages)
    .innerJoin(chats, sql`${chats.id} = ${messages.chatId}`)
    .innerJoin(sender, sql`"sender"."id" = ${messages.senderId}`)
    .leftJoin(tips, sql`${tips.id} = ${messages.tipId}`)
    .leftJoin(tipper, sql`"tipper"."id" = ${tips.tipperId}`)
    .leftJoin(tipRequests, sql`${tipRequests.id} = ${messages.tipRequestId}`)
    .where(sql`${messages.id} = ${anyBigint(ids)}`);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** How far the viewer read each chat, and (direct chats) how far the other member read. */
export interface ReadMarks {
  viewer: number;
  other: number;
}

export async function readMarks(
  db: DbOrTx,
  viewerId: number,
  chatIds: number[],
): Promise<Map<number, ReadMarks>> {
  const marks = new Map<number, ReadMarks>();
  if (chatIds.length === 0) return marks;
  const rows = await db
    .select({
      chatId: chatMembers.chatId,
      userId: chatMembers.userId,
      lastRead: chatMembers.lastReadMessageId,
    })
    .from(chatMembers)
    .innerJoin(chats, sql`${chats.id} = ${chatMembers.chatId}`)
    .where(
      sql`${chatMembers.chatId} = ${anyInt(chatIds)} and (${chatMembers.userId} = ${viewerId} or ${chats.kind} = 'direct')`,
    );
  for (const row of rows) {
    const mark = marks.get(row.chatId) ?? { viewer: 0, other: 0 };
    if (row.userId === viewerId) mark.viewer = Number(row.lastRead);
    else mark.other = Number(row.lastRead);
    marks.set(row.chatId, mark);
  }
  return marks;
}

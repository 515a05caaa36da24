import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tipRequests, tips } from './purchases.ts';
import { stories } from './stories.ts';
import { users } from './users.ts';

/**
 * Messaging (features/chats). A chat is a direct chat between two users or a creator's
 * broadcast channel; every user owns exactly one channel, made by a trigger on `users` in the
 * transaction that creates the account (migration 0012).
 */

/** `stream`: a live stream's chat, owned by its creator and read by who may watch it. */
export const CHAT_KINDS = ['direct', 'channel', 'stream'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

export const chats = pgTable(
  'chats',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: CHAT_KINDS }).notNull(),
    /** The channel's owner; null for a direct chat. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A direct chat's two members, the lower id first, so one pair has one chat. */
    userLowId: integer('user_low_id').references(() => users.id, { onDelete: 'cascade' }),
    userHighId: integer('user_high_id').references(() => users.id, { onDelete: 'cascade' }),
    pinnedMessageId: bigint('pinned_message_id', { mode: 'number' }).references(
      (): AnyPgColumn => messages.id,
      { onDelete: 'set null' },
    ),
    /** The newest message, for the lists' order and preview. */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chats_channel_owner_key')
      .on(t.ownerId)
      .where(sql`${t.kind} = 'channel'`),
    uniqueIndex('chats_direct_pair_key')
      .on(t.userLowId, t.userHighId)
      .where(sql`${t.kind} = 'direct'`),
    check(
      'chats_kind_shape_check',
      sql`(${t.kind} in ('channel', 'stream') and ${t.ownerId} is not null and ${t.userLowId} is null and ${t.userHighId} is null)
        or (${t.kind} = 'direct' and ${t.ownerId} is null and ${t.userLowId} < ${t.userHighId})`,
    ),
  ],
);

export const CHAT_ROLES = ['owner', 'member'] as const;

/**
 * Who is in a chat and how far they read. A direct chat has its two members from the start; a
 * channel has its owner, and a row for each viewer who opened it (`chat.join` decides who may).
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: CHAT_ROLES }).notNull().default('member'),
    /** The newest message id this member has read (0: none). */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index('chat_members_user_idx').on(t.userId),
  ],
);

export const MESSAGE_KINDS = ['text', 'story', 'user_tip', 'creator_tip', 'audio'] as const;

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: MESSAGE_KINDS }).notNull(),
    body: text('body').notNull().default(''),
    storyId: integer('story_id').references(() => stories.id, { onDelete: 'set null' }),
    /** The transcoded recording (audio/mp4, AAC) in the blob store. */
    audioKey: text('audio_key'),
    audioDurationSeconds: real('audio_duration_seconds'),
    tipId: integer('tip_id').references(() => tips.id, { onDelete: 'set null' }),
    tipRequestId: integer('tip_request_id').references(() => tipRequests.id, {
      onDelete: 'set null',
    }),
    /** The sender client's id for this message: a retried send finds it instead of posting twice. */
    clientId: text('client_id'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /** Deleted for everyone by its sender: the row stays (history shows it deleted), content goes. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Taken down by a moderator (issue 29): shown to nobody but moderators, content kept. */
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_chat_idx').on(t.chatId, t.id),
    uniqueIndex('messages_client_key')
      .on(t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/** `blocker` blocked `blocked`: no messages either way; the blocker is hidden from the blocked. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

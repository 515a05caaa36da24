import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { stories } from './stories.ts';

/**
 * A 256-bit perceptual hash (PDQ) as PostgreSQL `bit(256)`: `bit_count(a # b)` is the Hamming
 * distance, computed in the database. The driver speaks the 64-digit hex of features/known-content.
 */
export const pdqHash = customType<{ data: string; driverData: string }>({
  dataType: () => 'bit(256)',
  toDriver: (hex) =>
    [...hex].map((digit) => Number.parseInt(digit, 16).toString(2).padStart(4, '0')).join(''),
  fromDriver: (bits) =>
    (String(bits).match(/.{4}/g) ?? [])
      .map((nibble) => Number.parseInt(nibble, 2).toString(16))
      .join(''),
});

export const REPORT_KINDS = ['story', 'message', 'user', 'stream'] as const;

/**
 * Reports of stories, messages, users and live streams (issue 29). One open report per reporter
 * and item; the queue groups open reports by item. `targetUserId` is the item's owner, kept so a
 * suspended owner's reports and the user lookup need no join per kind.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    /** The story, message, user or stream id (messages are bigint; every id fits). */
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The reporter's words: required for `other`, optional otherwise. */
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_open_once_key')
      .on(t.kind, t.targetId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('reports_item_idx').on(t.kind, t.targetId),
    index('reports_target_user_idx').on(t.targetUserId),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);

/**
 * Every moderator action and every role grant, append-only: a trigger (migration 0021) refuses
 * UPDATE and DELETE, so not even the application can rewrite what happened. Ids are plain
 * integers, not foreign keys: an erased account must not rewrite its history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The moderator or admin; null for the system (ADMIN_EMAILS, the command line, a timer). */
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    /** What it was done to: `story`, `message`, `user`, `stream`, `report`, `notice`, ... */
    targetKind: text('target_kind').notNull(),
    targetId: bigint('target_id', { mode: 'number' }),
    /** The account the action is about (the owner of the item), for the user lookup. */
    subjectUserId: integer('subject_user_id'),
    note: text('note').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_subject_idx').on(t.subjectUserId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/** The perceptual hashes of a story's media, written at processing time (features/known-content). */
export const mediaHashes = pgTable(
  'media_hashes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    hash: pdqHash('hash').notNull(),
    quality: smallint('quality').notNull(),
    /** Where in the media: 0 for a picture, the frame's second for a video. */
    atSecond: integer('at_second').notNull().default(0),
  },
  (t) => [index('media_hashes_story_idx').on(t.storyId)],
);

/**
 * Hashes of known content that must not be published: added from a taken-down story or from an
 * uploaded file. An upload within MATCH_DISTANCE of any row is held for review.
 */
export const hashBlocklist = pgTable(
  'hash_blocklist',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hash: pdqHash('hash').notNull(),
    quality: smallint('quality').notNull(),
    /** The taken-down story it came from, if any. */
    sourceStoryId: integer('source_story_id').references(() => stories.id, {
      onDelete: 'set null',
    }),
    label: text('label').notNull().default(''),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hash_blocklist_source_idx').on(t.sourceStoryId)],
);

export const COPYRIGHT_NOTICE_STATUSES = [
  /** Received and the content taken down; the creator may counter. */
  'taken_down',
  /** The creator countered: the content returns at `restoreAfter` unless a court action. */
  'countered',
  /** Restored after a counter-notice's waiting time. */
  'restored',
  /** The claimant reported a court action: the content stays down. */
  'court_action',
  /** A moderator found the notice invalid: the content is restored, no strike. */
  'rejected',
] as const;

/** Copyright notices (issue 29, a DMCA-style notice and counter-notice process). */
export const copyrightNotices = pgTable(
  'copyright_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    claimantName: text('claimant_name').notNull(),
    claimantEmail: text('claimant_email').notNull(),
    /** The copyrighted work, in the claimant's words. */
    work: text('work').notNull(),
    storyId: integer('story_id').references(() => stories.id, { onDelete: 'set null' }),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: COPYRIGHT_NOTICE_STATUSES }).notNull().default('taken_down'),
    /** The token the claimant's mailed link carries to report a court action (SHA-256 hex). */
    claimantTokenHash: text('claimant_token_hash').notNull(),
    counterStatement: text('counter_statement'),
    counteredAt: timestamp('countered_at', { withTimezone: true }),
    /** Ten business days after the counter-notice. */
    restoreAfter: timestamp('restore_after', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('copyright_notices_creator_idx').on(t.creatorId),
    index('copyright_notices_restore_idx')
      .on(t.restoreAfter)
      .where(sql`${t.status} = 'countered'`),
    uniqueIndex('copyright_notices_token_key').on(t.claimantTokenHash),
  ],
);

/** An owner's appeal against a takedown or a suspension; a moderator grants or denies it. */
export const appeals = pgTable(
  'appeals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['story', 'message', 'stream', 'suspension'] }).notNull(),
    /** The story, message or stream; the user's own id for a suspension. */
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    statement: text('statement').notNull(),
    status: text('status', { enum: ['open', 'granted', 'denied'] })
      .notNull()
      .default('open'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appeals_open_once_key')
      .on(t.userId, t.kind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('appeals_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

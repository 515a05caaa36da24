import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { ledgerTransfers } from './ledger.ts';

export const stories = pgTable(
  'stories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null means free. */
    priceCents: integer('price_cents'),
    isVideo: boolean('is_video').notNull(),
    /** processing -> ready | failed. */
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    processingError: text('processing_error'),
    /** The uploaded original; kept for the owner's download and for re-processing. */
    sourceKey: text('source_key').notNull(),
    sourceContentType: text('source_content_type').notNull(),
    imageKey: text('image_key'),
    imageJpegKey: text('image_jpeg_key'),
    posterKey: text('poster_key'),
    mp4Key: text('mp4_key'),
    webmKey: text('webm_key'),
    slowMotionKey: text('slow_motion_key'),
    durationSeconds: real('duration_seconds'),
    muted: boolean('muted').notNull().default(false),
    width: integer('width'),
    height: integer('height'),
    frontCamera: boolean('front_camera').notNull().default(false),
    landscape: boolean('landscape').notNull().default(false),
    slowMotion: boolean('slow_motion').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    /**
     * `public`: on the profile and home. `chat`: posted into chats only (messages name it);
     * never on the profile, home or in the counters.
     */
    audience: text('audience', { enum: ['public', 'chat'] })
      .notNull()
      .default('public'),
    /**
     * Where a chat story goes once it is ready (`{ destination, chats, subscribers }` of the
     * post model); its messages are written in the transaction that marks it ready.
     */
    chatDelivery: jsonb('chat_delivery').$type<{
      destination: 'chat' | 'broadcast';
      chats: number[];
      subscribers: boolean;
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stories_user_created_idx').on(t.userId, t.createdAt),
    check('stories_price_check', sql`${t.priceCents} is null or ${t.priceCents} > 0`),
  ],
);

export const storyWatches = pgTable(
  'story_watches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    watchedAt: timestamp('watched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.storyId] }),
    index('story_watches_story_idx').on(t.storyId),
  ],
);

/** A paid unlock of one story; written by the wallet with its ledger transfer. */
export const storyUnlocks = pgTable(
  'story_unlocks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    /** The ledger transfer that paid for it (features/money/purchases); null for a seeded unlock. */
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.storyId] }),
    uniqueIndex('story_unlocks_transfer_key').on(t.transferId),
  ],
);

/** The moderation queue: reports wait here for a moderator. */
export const storyReports = pgTable(
  'story_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accusation: text('accusation').notNull(),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('story_reports_status_idx').on(t.status, t.createdAt),
    uniqueIndex('story_reports_once_key').on(t.storyId, t.reporterId),
  ],
);

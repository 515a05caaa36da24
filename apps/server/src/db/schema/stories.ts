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
    /**
     * processing -> ready | failed | in_review (near a listed hash: held until a moderator
     * decides, issue 29); ready | in_review -> taken_down (by a moderator or a copyright
     * notice); taken_down -> ready when an appeal or a counter-notice restores it.
     */
    status: text('status', { enum: ['processing', 'ready', 'failed', 'in_review', 'taken_down'] })
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

/**
 * Per viewer and creator: how many of the creator's listed stories (ready, public: the ones
 * `users.story_count` counts) the viewer watched, and whether that is all of them. Kept by
 * triggers on stories and story_watches (migration 0023); a row exists only while `watched`
 * > 0. Discover reads "has unwatched stories" from `caught_up` (features/home) instead of
 * probing the creator's stories one by one.
 */
export const storyWatchTallies = pgTable(
  'story_watch_tallies',
  {
    viewerId: integer('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    watched: integer('watched').notNull(),
    caughtUp: boolean('caught_up').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.viewerId, t.creatorId] }),
    index('story_watch_tallies_caught_up_idx')
      .on(t.viewerId, t.creatorId)
      .where(sql`${t.caughtUp}`),
    index('story_watch_tallies_creator_idx').on(t.creatorId),
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

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.ts';
import { chats } from './messaging.ts';
import { stories } from './stories.ts';
import { users } from './users.ts';

/** Live streams (features/live). A creator has at most one stream that has not ended. */
export const streams = pgTable(
  'streams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    audience: text('audience', { enum: ['everyone', 'followers', 'subscribers'] })
      .notNull()
      .default('everyone'),
    /** Entry price; null means free. */
    priceCents: integer('price_cents'),
    ingest: text('ingest', { enum: ['browser', 'rtmp'] }).notNull(),
    status: text('status', { enum: ['starting', 'live', 'ended'] })
      .notNull()
      .default('starting'),
    /** The stream's live chat (a chats row of kind `stream`). */
    chatId: integer('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    record: boolean('record').notNull().default(false),
    replayStoryId: integer('replay_story_id').references(() => stories.id, {
      onDelete: 'set null',
    }),
    /** Watchers now (sockets in the stream's room), refreshed by the live feature. */
    viewerCount: integer('viewer_count').notNull().default(0),
    /** Last time ingest data arrived: a dropped ingest ends after the reconnect grace. */
    lastDataAt: timestamp('last_data_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Stopped by a moderator (issue 29): the stream ended for every viewer, its replay hidden. */
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('streams_one_open_per_creator_key')
      .on(t.creatorId)
      .where(sql`${t.status} <> 'ended'`),
    index('streams_live_idx')
      .on(t.status, t.startedAt)
      .where(sql`${t.status} = 'live'`),
    check('streams_price_check', sql`${t.priceCents} is null or ${t.priceCents} > 0`),
  ],
);

/** A viewer's paid entry to a priced stream, written with its ledger transfer (once each). */
export const streamEntries = pgTable(
  'stream_entries',
  {
    streamId: integer('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    viewerId: integer('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.viewerId] })],
);

import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Effects written in the same transaction as the change that needs them (platform/outbox): a
 * row exists exactly when its transaction committed, and stays until the relay delivered it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * `job`: a pg-boss job to queue; `realtime`: an event for a user's or rooms' connections;
     * `rooms`: a recheck of room membership after access ended.
     */
    kind: text('kind', { enum: ['job', 'realtime', 'rooms'] }).notNull(),
    /** The job name or the event name. */
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** job: its EnqueueOptions; realtime: `{ userId }`. */
    options: jsonb('options').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Delivery attempts so far (a claim counts as one). */
    attempts: integer('attempts').notNull().default(0),
    /** Not before: a claim pushes it forward by the lease, a failure by the retry delay. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [index('outbox_available_idx').on(t.availableAt, t.id)],
);

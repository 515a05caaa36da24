import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The demo seed's progress (features/demo): one row per finished step, so a second start adds
 * nothing and a start after a crash mid-seed finishes the steps that are missing. `started` is
 * written when the seed claims an empty database; without it a database with users is never seeded.
 */
export const demoSeedSteps = pgTable('demo_seed_steps', {
  step: text('step').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});

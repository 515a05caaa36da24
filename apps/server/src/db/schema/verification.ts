import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * One identity check a user started with a provider (features/verification). The status moves
 * only on the provider's signed webhook; `users.verify_ondato_at` is set from the first approval.
 */
export const verificationSessions = pgTable(
  'verification_sessions',
  {
    /** Random and unguessable: the sandbox page's URL carries it. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the check (Ondato's identity verification id); set once it answered. */
    providerRef: text('provider_ref'),
    redirectUrl: text('redirect_url'),
    /** A path of this app the person comes back to. */
    returnTo: text('return_to').notNull().default('/'),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the provider's decision arrived. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('verification_sessions_provider_ref_key').on(t.provider, t.providerRef),
    index('verification_sessions_user_idx').on(t.userId, t.createdAt),
    check(
      'verification_sessions_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected')`,
    ),
  ],
);

/**
 * Provider events already applied: a webhook delivered again (providers retry, and may send
 * the same event several times) finds its row and changes nothing.
 */
export const verificationWebhookEvents = pgTable(
  'verification_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    sessionId: text('session_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

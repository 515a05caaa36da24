import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { EMAIL_MODES, NOTIFICATION_TYPES, type NotificationType } from '@glimpse/contract';
import { sessions, users } from './users.ts';

/**
 * One line of a user's notifications (issue 28). `subject` names what it is about (a story, a
 * stream, a chat, a payout...) for the link; `actorId` who did it, and for a grouped line
 * ("Anna and 12 others subscribed") `actorCount` how many, the newest actor in `actorId`.
 * `dedupeKey` makes a retried fan-out write nothing twice; `groupKey` joins later events of the
 * same kind into the unread line.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().$type<NotificationType>(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorCount: integer('actor_count').notNull().default(1),
    /** What the line links to: `{ kind: 'story', id }`, `{ kind: 'chat', id }`, ... */
    subject: jsonb('subject').$type<{ kind: string; id: number | string }>(),
    /** Figures the text needs (an amount, a title); never a secret. */
    data: jsonb('data').$type<Record<string, string | number | boolean>>().notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    groupKey: text('group_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves when a grouped line takes another actor: the list is in this order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Shown in the app's list (the user may keep a type to push or email only). */
    inApp: boolean('in_app').notNull().default(true),
    /** The email channel: when it is due ('immediate' | 'digest') and when it went. */
    emailDue: text('email_due', { enum: ['immediate', 'digest'] }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey),
    // One unread line per group: a later event of the group joins it.
    uniqueIndex('notifications_unread_group_key')
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null and ${t.groupKey} is not null`),
    index('notifications_user_list_idx').on(t.userId, t.updatedAt, t.id),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_email_due_idx')
      .on(t.emailDue, t.userId)
      .where(sql`${t.emailDue} is not null and ${t.emailedAt} is null`),
  ],
);

/**
 * Every grouped event a user was notified of, by its dedupe key: a grouped line keeps only the
 * key of the event that opened it, so the events that joined it are remembered here, and a
 * retried job or a webhook delivered again joins nothing twice.
 */
export const notificationReceipts = pgTable(
  'notification_receipts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dedupeKey] })],
);

/** A user's choice for one type; a type without a row follows the defaults (contract). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().$type<NotificationType>(),
    inApp: boolean('in_app').notNull(),
    push: boolean('push').notNull(),
    email: text('email', { enum: EMAIL_MODES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * Per user: quiet hours for push (minutes after midnight in `timeZone`; start after end wraps
 * past midnight) and the time zone the daily digest is sent in.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default('UTC'),
  quietStart: smallint('quiet_start'),
  quietEnd: smallint('quiet_end'),
  /** When the last digest went, so a retried digest job sends none twice. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
});

/** A creator whose posts and streams the user does not want to hear about. */
export const notificationMutes = pgTable(
  'notification_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.creatorId] })],
);

/** A browser's Web Push subscription (RFC 8030/8291): where to send, and its keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    /**
     * The session that subscribed: signing out (or the session revoked, expired, ended by a
     * password change) removes the subscription, so a shared device stops showing the last
     * user's notifications.
     */
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

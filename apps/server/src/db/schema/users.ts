import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Bundle } from '@glimpse/contract';
import { countries, subCategories, tags, userCategories } from './reference.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    sex: text('sex', { enum: ['male', 'female', 'transgender'] }).notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    bio: text('bio').notNull().default(''),
    avatarKey: text('avatar_key'),
    avatarThumbKey: text('avatar_thumb_key'),
    verifyOndatoAt: timestamp('verify_ondato_at', { withTimezone: true }),
    onHolidayMood: boolean('on_holiday_mood').notNull().default(false),
    subscribePriceCents: integer('subscribe_price_cents'),
    benefitsList: jsonb('benefits_list').$type<string[]>().notNull().default([]),
    bundles: jsonb('bundles').$type<Bundle[]>().notNull().default([]),
    directMessagePriceCents: integer('direct_message_price_cents'),
    directMessageTurnOff: boolean('direct_message_turn_off').notNull().default(false),
    /** Only active subscribers may send direct messages. */
    directMessageSubscribersOnly: boolean('direct_message_subscribers_only')
      .notNull()
      .default(false),
    /**
     * Bumped to rotate the RTMP stream key, which is derived from the server secret, the user
     * and this number (features/live), so no key is stored.
     */
    streamKeyVersion: integer('stream_key_version').notNull().default(0),
    /** Last time a realtime connection of the user was seen (online dot, features/chats). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** First-time story-viewer guide still to be shown. */
    guide: boolean('guide').notNull().default(true),
    /**
     * Consent given at sign-up: the terms' version accepted, when, and when the user confirmed
     * being 18 or older. Null for accounts made before consent was recorded.
     */
    termsVersion: text('terms_version'),
    /** When the address was confirmed through a mailed link; null while it is unconfirmed. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The language mails are written in: the app's language at sign-up or last chosen. */
    language: text('language', { enum: ['en', 'de'] })
      .notNull()
      .default('en'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /**
     * Account deletion (issue 27): when the owner asked; the account is hidden from then on and
     * erased 30 days later unless the owner signs in and cancels. `deletedAt` marks it erased
     * (personal data gone, the row kept for the ledger's sake).
     */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    adultConfirmedAt: timestamp('adult_confirmed_at', { withTimezone: true }),
    /**
     * Trust and safety (issue 29). Only the access module reads the role; `admin` also comes
     * from ADMIN_EMAILS once that address is confirmed (features/staff).
     */
    role: text('role', { enum: ['user', 'moderator', 'admin'] })
      .notNull()
      .default('user'),
    /** Suspended by a moderator: from `suspendedAt` until `suspendedUntil`, or for good (null). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** Payouts held by a moderator: earnings still accrue, no payout leaves while set. */
    payoutsHeldAt: timestamp('payouts_held_at', { withTimezone: true }),
    /** ISO 3166-1 alpha-2 codes (lower case) of the countries the creator keeps out. */
    blockedCountries: text('blocked_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Editorial weight on the home lists, higher first. */
    order: integer('order').notNull().default(0),
    /** Ready stories and the newest one's time, kept by a trigger on stories (home lists). */
    storyCount: integer('story_count').notNull().default(0),
    lastStoryAt: timestamp('last_story_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_slug_key').on(t.slug),
    uniqueIndex('users_email_key').on(t.email),
    index('users_birthdate_idx').on(t.birthdate),
    // The sweep that lifts suspensions whose time is over reads only suspended accounts.
    index('users_suspended_until_idx')
      .on(t.suspendedUntil)
      .where(sql`${t.suspendedAt} is not null`),
    // Typo-tolerant search by name and handle (pg_trgm; migration 0014 creates the extension).
    // No pending list (fastupdate off, migration 0015): PGlite has no autovacuum to merge one,
    // and every search scanned the whole list, up to 4 MB (docs/decisions.md, "Search").
    index('users_name_trgm_idx')
      .using('gin', t.name.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('users_slug_trgm_idx')
      .using('gin', t.slug.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // The home lists' order (editorial order, latest story, id), and after it every column
    // Discover's default filter reads: its walk past the creators an offset skips reads this
    // index alone once the table is vacuumed (issue 30; features/home/home.repository.ts).
    index('users_home_walk_idx')
      .on(t.order, t.lastStoryAt, t.id, t.birthdate, t.sex, t.countryCode, t.blockedCountries)
      .where(
        sql`${t.storyCount} > 0 and ${t.deletionRequestedAt} is null and ${t.suspendedAt} is null`,
      ),
    // Discover with a country (and sex) filter reads its few candidates straight from here
    // instead of walking the editorial order past everyone else (issue 30).
    index('users_home_filter_idx')
      .on(t.order, t.countryCode, t.sex, t.birthdate)
      .where(sql`${t.storyCount} > 0`),
    check(
      'users_subscribe_price_check',
      sql`${t.subscribePriceCents} is null or ${t.subscribePriceCents} >= 0`,
    ),
    check(
      'users_dm_price_check',
      sql`${t.directMessagePriceCents} is null or ${t.directMessagePriceCents} >= 0`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token: a leaked table cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The id the sessions list shows and revokes by (the primary key would be a token's hash). */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** The browser's User-Agent at sign-in, for "Firefox on Windows" in the sessions list. */
    userAgent: text('user_agent'),
    /** The address of the last request, and the place it is in (the country, when known). */
    lastIp: text('last_ip'),
    place: text('place'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** When this session last proved a second factor: sensitive changes need it recent. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    uniqueIndex('sessions_public_id_key').on(t.publicId),
  ],
);

/**
 * Single-use links mailed to a user: confirming an address, resetting a password, confirming a
 * new address. Only the SHA-256 of the token is stored; the token itself is derived from the
 * server secret and the row id when the mail is written (features/mail), so neither the table
 * nor the outbox ever holds it.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['email_verify', 'password_reset', 'email_change'],
    }).notNull(),
    /** SHA-256 (hex) of the token; set right after the row is inserted. */
    tokenHash: text('token_hash'),
    /** email_change: the address that becomes the account's once the link is followed. */
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follows_pair_key').on(t.followerId, t.creatorId),
    index('follows_creator_idx').on(t.creatorId),
  ],
);

export const userTags = pgTable(
  'user_tags',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index('user_tags_tag_idx').on(t.tagId)],
);

/** A user's chosen sub-categories: at most one per parent category (unique user+category). */
export const userSubCategories = pgTable(
  'user_sub_categories',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => userCategories.id, { onDelete: 'cascade' }),
    subCategoryId: integer('sub_category_id')
      .notNull()
      .references(() => subCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.categoryId] }),
    index('user_sub_categories_sub_idx').on(t.subCategoryId),
  ],
);

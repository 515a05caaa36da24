import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Binary column; written as a Buffer, which both node-postgres and PGlite send as bytea. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
});

/**
 * A user's authenticator app (TOTP, RFC 6238). The secret is stored encrypted with a key derived
 * from the server secret; `enabledAt` is null between setup and the first correct code.
 * `lastStep` is the 30-second step of the last accepted code: a code at or before it is refused,
 * so a code seen over a shoulder cannot be used again.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A registered passkey (WebAuthn credential); it signs in alone or as a second factor. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    /** The signature counter; a smaller one than stored means a cloned authenticator. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** The name the user gave it ("Phone", "YubiKey"); from the device when left empty. */
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/** Ten single-use codes for when the phone is lost; only their hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in or a WebAuthn ceremony between its two steps: the password was right and a second
 * factor is awaited (`second_factor`), or a passkey challenge was handed out (`passkey_login`,
 * `passkey_register`, `step_up`). The browser holds the token in a short-lived cookie; only its
 * hash is here. `attempts` counts wrong codes: past the limit the sign-in starts over.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', {
      enum: ['second_factor', 'passkey_login', 'passkey_register', 'step_up'],
    }).notNull(),
    /** Null for a passwordless passkey sign-in: whose passkey it is comes with the answer. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The WebAuthn challenge handed out, base64url; null until one is asked for. */
    webauthnChallenge: text('webauthn_challenge'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_challenges_expires_idx').on(t.expiresAt)],
);

export const DATA_EXPORT_STATES = ['pending', 'building', 'ready', 'failed'] as const;

/**
 * A user's data export: a background job builds a zip (JSON plus media files) into the
 * BlobStore; the owner downloads it until `expiresAt` (7 days after it is ready).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATES }).notNull().default('pending'),
    /** 0-100, written as the job goes. */
    progress: integer('progress').notNull().default(0),
    blobKey: text('blob_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    check('data_exports_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * Where a creator's payouts go: a bank account (the sandbox provider; IBAN stored encrypted,
 * its last four shown) or a Stripe Connect account (its id and whether onboarding finished).
 */
export const payoutMethods = pgTable('payout_methods', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['bank_account', 'stripe_connect'] }).notNull(),
  holderName: text('holder_name'),
  ibanEncrypted: text('iban_encrypted'),
  ibanLast4: text('iban_last4'),
  bic: text('bic'),
  stripeAccountId: text('stripe_account_id'),
  stripeReady: boolean('stripe_ready').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

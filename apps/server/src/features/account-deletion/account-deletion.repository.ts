import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  accountTokens,
  authChallenges,
  chats,
  dataExports,
  follows,
  idempotentRequests,
  mails,
  mediaObjects,
  passkeys,
  payoutMethods,
  payouts,
  recoveryCodes,
  sessions,
  stories,
  storyWatches,
  streams,
  totpCredentials,
  userBlocks,
  userSubCategories,
  userTags,
  users,
} from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db/database.ts';
import { MESSAGE_AUDIO_KIND } from '../access/index.ts';

/**
 * Account deletion's SQL. It reads and clears rows of tables other features write (sessions,
 * follows, stories' text, payout methods): erasing an account is the one place that must reach
 * all of them, and it does so on the shared schema, as chats reads the stories it shows.
 */

/**
 * Marks the deletion asked for, keeping the first request's time when one is pending already
 * (asking again does not push the erasure back). Undefined for an account already erased.
 */
export async function markDeletionRequested(tx: Tx, userId: number): Promise<Date | undefined> {
  const [row] = await tx
    .update(users)
    .set({ deletionRequestedAt: sql`coalesce(${users.deletionRequestedAt}, now())` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ requestedAt: users.deletionRequestedAt });
  return row?.requestedAt ?? undefined;
}

/** Clears a pending request; false when there was none (or the account is already erased). */
export async function clearDeletionRequest(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletionRequestedAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.deletionRequestedAt), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Whether any of the accounts asked to be deleted (or was erased). */
export async function anyDeletionRequested(db: DbOrTx, userIds: number[]): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${users.id} = any(${sql.param(userIds)}::int[]) and ${users.deletionRequestedAt} is not null`,
    )
    .limit(1);
  return row !== undefined;
}

/** Ends every session of the account; answers their ids (to disconnect their sockets). */
export async function deleteSessions(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** The socket rooms others share with the account's content: its channel and live streams. */
export async function roomsOfAccount(db: DbOrTx, userId: number): Promise<string[]> {
  const [channels, live] = await Promise.all([
    db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.kind, 'channel'), eq(chats.ownerId, userId))),
    db
      .select({ id: streams.id, chatId: streams.chatId })
      .from(streams)
      .where(and(eq(streams.creatorId, userId), sql`${streams.status} <> 'ended'`)),
  ]);
  return [
    ...channels.map((chat) => `chat:${chat.id}`),
    ...live.flatMap((stream) => [
      `stream:${stream.id}`,
      ...(stream.chatId === null ? [] : [`chat:${stream.chatId}`]),
    ]),
  ];
}

/**
 * Accounts whose deletion was asked for before `cutoff` and that are not erased yet, oldest
 * first. An account with a payout still in flight waits: the payout method it goes to is
 * erased with the account.
 */
export async function dueAccountIds(db: DbOrTx, cutoff: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`${users.deletionRequestedAt} <= ${cutoff.toISOString()}::timestamptz`,
        isNull(users.deletedAt),
        sql`not exists (select 1 from ${payouts} p where p.user_id = ${users.id} and p.status = 'pending')`,
      ),
    )
    .orderBy(users.deletionRequestedAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * The account locked for erasure when it is still due (another sweeper skips it; a cancel that
 * came first took it out).
 */
export async function lockDueAccount(tx: Tx, userId: number, cutoff: Date) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        sql`${users.deletionRequestedAt} <= ${cutoff.toISOString()}::timestamptz`,
        isNull(users.deletedAt),
      ),
    )
    .for('update', { skipLocked: true });
  return row;
}

/** What an erased account is left with: a name for others' chats, nothing that identifies it. */
export const ERASED_NAME = 'Deleted account';

/**
 * Overwrites the account's personal data and marks it erased. The row stays: the ledger, payouts
 * and purchases point at it. `.` never appears in a handle made from a name (users/slug.ts) and
 * `.invalid` is a reserved domain, so neither placeholder can meet a real one.
 */
export async function eraseUserRow(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({
      name: ERASED_NAME,
      slug: `deleted.${userId}`,
      email: `deleted.${userId}@deleted.invalid`,
      // No argon2 hash: no password ever verifies against it.
      passwordHash: '!erased',
      birthdate: '1900-01-01',
      bio: '',
      avatarKey: null,
      avatarThumbKey: null,
      benefitsList: [],
      bundles: [],
      subscribePriceCents: null,
      directMessagePriceCents: null,
      directMessageTurnOff: true,
      directMessageSubscribersOnly: false,
      onHolidayMood: false,
      lastSeenAt: null,
      emailVerifiedAt: null,
      guide: false,
      order: 0,
      // A stream key derived from the old version stops working.
      streamKeyVersion: sql`${users.streamKeyVersion} + 1`,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/**
 * Removes what belongs to the account alone and says nothing to anyone else: sign-in material,
 * mailed links and mails, the chosen tags and categories, follows and blocks both ways, what it
 * watched, its payout method, the stored answers of its paying requests. The text of its stories
 * goes too; their rows stay for the purchases that name them (their media: `mediaToErase`).
 */
export async function deletePersonalRows(tx: Tx, userId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
  await tx.delete(authChallenges).where(eq(authChallenges.userId, userId));
  await tx.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(mails).where(eq(mails.userId, userId));
  await tx.delete(userTags).where(eq(userTags.userId, userId));
  await tx.delete(userSubCategories).where(eq(userSubCategories.userId, userId));
  await tx
    .delete(follows)
    .where(sql`${follows.followerId} = ${userId} or ${follows.creatorId} = ${userId}`);
  await tx
    .delete(userBlocks)
    .where(sql`${userBlocks.blockerId} = ${userId} or ${userBlocks.blockedId} = ${userId}`);
  await tx.delete(storyWatches).where(eq(storyWatches.userId, userId));
  await tx.delete(payoutMethods).where(eq(payoutMethods.userId, userId));
  await tx.delete(idempotentRequests).where(eq(idempotentRequests.userId, userId));
  await tx
    .update(stories)
    .set({ text: '', tags: sql`'{}'::text[]` })
    .where(eq(stories.userId, userId));
}

/**
 * The blobs of an erased account still to delete: its media (avatars, story media and their
 * copies; not the voice messages others received) and its data exports. Each row goes once its
 * blob is gone, so a sweep that stops halfway leaves the rest for the next one.
 */
export async function mediaToErase(
  db: DbOrTx,
  userId: number,
  limit: number,
): Promise<{ media: string[]; exports: { id: string; key: string | null }[] }> {
  const [media, exportRows] = await Promise.all([
    db
      .select({ key: mediaObjects.key })
      .from(mediaObjects)
      .where(
        and(eq(mediaObjects.ownerId, userId), sql`${mediaObjects.kind} <> ${MESSAGE_AUDIO_KIND}`),
      )
      .limit(limit),
    db
      .select({ id: dataExports.id, key: dataExports.blobKey })
      .from(dataExports)
      .where(eq(dataExports.userId, userId)),
  ]);
  return { media: media.map((row) => row.key), exports: exportRows };
}

export async function forgetMedia(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(mediaObjects).where(sql`${mediaObjects.key} = any(${sql.param(keys)}::text[])`);
}

export async function forgetExport(db: DbOrTx, id: string): Promise<void> {
  await db.delete(dataExports).where(eq(dataExports.id, id));
}

/** Erased accounts that still have blobs to delete (a sweep stopped halfway). */
export async function erasedWithMediaLeft(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNotNull(users.deletedAt),
        sql`(exists (select 1 from ${mediaObjects} m where m.owner_id = ${users.id} and m.kind <> ${MESSAGE_AUDIO_KIND})
          or exists (select 1 from ${dataExports} d where d.user_id = ${users.id}))`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

import { SECOND_FACTOR_FRESH_MINUTES } from '@glimpse/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { passkeys, sessions, totpCredentials, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { sessionIdFromToken } from './session-token.ts';

/**
 * The checks sensitive routes make beyond "signed in" (issue 27): a confirmed address before
 * money moves, and a recent second factor before what a stolen password must not reach.
 */

export const SECOND_FACTOR_FRESH_MS = SECOND_FACTOR_FRESH_MINUTES * 60 * 1000;

/** Throws `email_not_verified` unless the user's address was confirmed by its mailed link. */
export async function assertEmailVerified(db: DbOrTx, userId: number): Promise<void> {
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.verifiedAt) throw new AppError('email_not_verified');
}

/**
 * Throws `account_suspended` (with `err_msg: { until }`, null for good) when a moderator
 * suspended the account (issue 29): every way of signing in ends here before a session exists.
 * A caller that proved the owner passes `standingToken`, sent along as `standing_token`.
 */
export async function assertNotSuspended(
  db: DbOrTx,
  userId: number,
  standingToken?: () => string,
): Promise<void> {
  const [row] = await db
    .select({ at: users.suspendedAt, until: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.at) {
    throw new AppError('account_suspended', {
      err_msg: { until: row.until ? row.until.toISOString() : null },
      ...(standingToken ? { standing_token: standingToken() } : {}),
    });
  }
}

/** Whether an authenticator app or a passkey protects the account. */
export async function hasSecondFactor(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({
      on: sql<boolean>`exists(select 1 from ${totpCredentials} where ${and(
        eq(totpCredentials.userId, users.id),
        isNotNull(totpCredentials.enabledAt),
      )}) or exists(select 1 from ${passkeys} where ${eq(passkeys.userId, users.id)})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.on === true;
}

/** When this session last proved a second factor (null when it never did). */
export async function sessionSecondFactorAt(
  db: DbOrTx,
  sessionToken: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: sessions.secondFactorAt })
    .from(sessions)
    .where(eq(sessions.id, sessionIdFromToken(sessionToken)))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Throws `second_factor_required` when the account has a second factor and this session has not
 * proved it in the last SECOND_FACTOR_FRESH_MINUTES (POST /api/auth/2fa/verify proves it).
 * Accounts without one pass: they are asked to set one up, not locked out.
 */
export async function assertRecentSecondFactor(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  sessionToken: string | undefined,
): Promise<void> {
  if (!(await hasSecondFactor(ctx.db, userId))) return;
  const at = sessionToken ? await sessionSecondFactorAt(ctx.db, sessionToken) : null;
  if (at === null || Date.now() - at.getTime() > SECOND_FACTOR_FRESH_MS)
    throw new AppError('second_factor_required');
}

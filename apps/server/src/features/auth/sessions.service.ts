import type { AccountSession } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireUser } from '../users/index.ts';
import { assertNotSuspended } from './account-gates.ts';
import * as repo from './auth.repository.ts';
import { countryOfIp, deviceName, placeName } from './session-device.ts';
import {
  generateSessionToken,
  SESSION_RENEW_MS,
  SESSION_TTL_MS,
  sessionIdFromToken,
} from './session-token.ts';

/** Where a sign-in comes from: what the sessions list shows of it. */
export interface SignInClient {
  ip: string;
  userAgent: string | null;
}

/** A session's last use is written at most this often (a request per minute, not per request). */
export const SESSION_TOUCH_MS = 60 * 1000;

export async function createSession(
  db: DbOrTx,
  userId: number,
  client: SignInClient,
  { secondFactor = false }: { secondFactor?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  // A suspended account gets no session, whichever way it signs in (issue 29).
  await assertNotSuspended(db, userId);
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await repo.insertSession(db, {
    id: sessionIdFromToken(token),
    userId,
    expiresAt,
    userAgent: client.userAgent,
    lastIp: client.ip,
    place: countryOfIp(client.ip),
    ...(secondFactor ? { secondFactorAt: new Date() } : {}),
  });
  return { token, expiresAt };
}

/**
 * The user id behind a session cookie. A request (`use`, with its address) records the
 * session's last use and address at most once a minute, and extends a session that nears its
 * expiry; a socket handshake only reads.
 */
export async function userIdForToken(
  ctx: AppContext,
  token: string | undefined,
  use?: { ip: string },
): Promise<number | undefined> {
  if (!token || token.length > 100) return undefined;
  const id = sessionIdFromToken(token);
  const session = await repo.findLiveSession(ctx.db, id);
  if (!session) return undefined;
  const now = Date.now();
  const renew = session.expiresAt.getTime() - now < SESSION_RENEW_MS;
  const stale = use !== undefined && now - session.lastUsedAt.getTime() >= SESSION_TOUCH_MS;
  if (renew || stale) {
    const moved = use !== undefined && use.ip !== session.lastIp;
    await repo.touchSession(ctx.db, id, {
      lastUsedAt: new Date(now),
      ...(use ? { lastIp: use.ip } : {}),
      ...(moved ? { place: countryOfIp(use.ip) } : {}),
      ...(renew ? { expiresAt: new Date(now + SESSION_TTL_MS) } : {}),
    });
  }
  return session.userId;
}

/**
 * Ends the realtime connections of sessions that were just deleted, on every node, once their
 * deletion has committed. A failure to reach a node is logged, not answered: the sessions are
 * gone, and a socket left open cannot reconnect with their cookie.
 */
export async function disconnectEndedSessions(
  ctx: AppContext,
  userId: number,
  sessionIds: string[],
): Promise<void> {
  if (sessionIds.length === 0) return;
  const ended = new Set(sessionIds);
  try {
    await ctx.realtime.disconnectSessions(userId, (token) => ended.has(sessionIdFromToken(token)));
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'disconnecting ended sessions failed');
  }
}

/** The user's signed-in devices, the most recently used first, this one marked `current`. */
export async function listSessions(
  ctx: AppContext,
  userId: number,
  currentToken: string | undefined,
): Promise<AccountSession[]> {
  const currentId = currentToken ? sessionIdFromToken(currentToken) : undefined;
  const [user, rows] = await Promise.all([
    requireUser(ctx, userId),
    repo.listLiveSessions(ctx.db, userId),
  ]);
  return rows.map((row) => ({
    id: row.publicId,
    device: deviceName(row.userAgent),
    place: placeName(row.place, user.language),
    last_used_at: row.lastUsedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    current: row.id === currentId,
  }));
}

/**
 * Signs one of the user's devices out; another user's session id is not found. Answers whether
 * it was the session asking (its cookie is then cleared too).
 */
export async function revokeSession(
  ctx: AppContext,
  userId: number,
  publicId: string,
  currentToken: string | undefined,
): Promise<boolean> {
  const ended = await repo.deleteSessionByPublicId(ctx.db, userId, publicId);
  if (ended === undefined) throw new AppError('session_not_found');
  await disconnectEndedSessions(ctx, userId, [ended]);
  return currentToken !== undefined && sessionIdFromToken(currentToken) === ended;
}

/** Signs every other device of the user out; answers how many. */
export async function revokeOtherSessions(
  ctx: AppContext,
  userId: number,
  currentToken: string | undefined,
): Promise<number> {
  // Without the current session's key this would end them all.
  if (!currentToken) throw new AppError('unauthenticated');
  const ended = await repo.deleteSessionsOfUser(ctx.db, userId, sessionIdFromToken(currentToken));
  await disconnectEndedSessions(ctx, userId, ended);
  return ended.length;
}

/**
 * Ends every session of the user and, on every node, their sockets (a suspension, issue 29).
 * Answers how many sessions ended; a second call ends none and does nothing else.
 */
export async function endAllSessions(ctx: AppContext, userId: number): Promise<number> {
  const ended = await repo.deleteSessionsOfUser(ctx.db, userId);
  await disconnectEndedSessions(ctx, userId, ended);
  // Sockets whose session row went in a race (or that outlived it) go too: the user has none.
  try {
    await ctx.realtime.disconnectSessions(userId, () => true);
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'disconnecting a suspended user failed');
  }
  return ended.length;
}

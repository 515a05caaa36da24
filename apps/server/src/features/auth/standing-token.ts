import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/errors/app-error.ts';

/**
 * The suspended account's standing token (issue 29, docs/decisions.md): a suspended account gets
 * no session, so the sign-in that proved its password answers `account_suspended` with this
 * token instead. It reads the account's standing and files its appeals, nothing else, for
 * STANDING_TOKEN_TTL_MS. Stateless: the user id and the expiry, signed with the server's secret
 * under its own label (no other token of ours verifies as one); every use also checks that the
 * account is still suspended.
 */
export const STANDING_TOKEN_TTL_MS = 30 * 60_000;

const LABEL = 'glimpse:suspended-standing:v1';

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${LABEL}|${payload}`).digest();
}

export function issueStandingToken(secret: string, userId: number, now = Date.now()): string {
  const payload = `${userId}.${now + STANDING_TOKEN_TTL_MS}`;
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/** The user id the token was issued to: token_invalid when forged or malformed, token_expired late. */
export function standingTokenUser(secret: string, token: string, now = Date.now()): number {
  const match = /^(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) throw new AppError('token_invalid');
  const [, user, expires, sig] = match as unknown as [string, string, string, string];
  const expected = signature(secret, `${user}.${expires}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('token_invalid');
  if (Number(expires) <= now) throw new AppError('token_expired');
  return Number(user);
}

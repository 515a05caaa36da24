import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'glimpse_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session used within this much of its expiry gets its lifetime extended. */
export const SESSION_RENEW_MS = 15 * 24 * 60 * 60 * 1000;

/** 256 random bits, base64url: the cookie value. Only its hash is stored. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

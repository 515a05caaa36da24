import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The creator's RTMP stream key, derived rather than stored: `<userId>-<HMAC(secret, userId,
 * version)>`. The user id in front finds the creator; rotating bumps `users.stream_key_version`,
 * so every earlier key stops matching without any key ever being written down.
 */
export function streamKeyOf(secret: string, userId: number, version: number): string {
  const mac = createHmac('sha256', secret)
    .update(`glimpse-stream-key.${userId}.${version}`)
    .digest('base64url')
    .slice(0, 32);
  return `${userId}-${mac}`;
}

/** The user id a key claims, or undefined when it has not the shape of a key at all. */
export function claimedUserOf(key: string): number | undefined {
  const match = /^([1-9][0-9]{0,9})-[A-Za-z0-9_-]{32}$/.exec(key);
  if (!match) return undefined;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : undefined;
}

/** Whether `key` is the user's current key (constant-time compare). */
export function keyMatches(key: string, expected: string): boolean {
  const a = Buffer.from(key);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

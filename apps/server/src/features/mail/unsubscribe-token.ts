import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a notification mail's one-click unsubscribe (RFC 8058): `{userId}.{topic}.{mac}`,
 * the mac an HMAC of both under the server secret. It names what it turns off (a notification
 * type, or `digest`) and needs no row and no expiry: it can only ever switch that mail off for
 * that user, which is what the mail offers.
 */
export function unsubscribeToken(secret: string, userId: number, topic: string): string {
  return `${userId}.${topic}.${unsubscribeMac(secret, userId, topic)}`;
}

/** What a token names, or null when it is not one this server signed. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; topic: string } | null {
  const match = /^([1-9]\d{0,9})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const topic = match[2]!;
  const expected = Buffer.from(unsubscribeMac(secret, userId, topic));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { userId, topic }
    : null;
}

function unsubscribeMac(secret: string, userId: number, topic: string): string {
  return createHmac('sha256', secret)
    .update(`notification-unsubscribe:${userId}:${topic}`)
    .digest('base64url');
}

/** The one-click endpoint mail clients POST to, and the page the mail's visible link opens. */
export const unsubscribeUrls = (publicUrl: string, token: string) => ({
  oneClick: `${publicUrl}/api/notifications/unsubscribe/${token}`,
  page: `${publicUrl}/unsubscribe?token=${token}`,
});

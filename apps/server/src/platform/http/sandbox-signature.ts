import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox providers (payments, identity) sign their webhooks the way real providers do: HMAC-SHA256 over
 * `<timestamp>.<raw body>` with a shared secret, sent as `t=<unix seconds>,v1=<hex>`. The
 * timestamp is inside the signed text, and a receiver refuses one outside REPLAY_WINDOW_SECONDS,
 * so a captured webhook cannot be replayed later (and a replay inside the window is a repeated
 * event id, which the receiver applies once anyway).
 */
export const SANDBOX_SIGNATURE_HEADER = 'glimpse-sandbox-signature';
export const REPLAY_WINDOW_SECONDS = 300;

function digest(secret: string, timestamp: number, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

export function signSandboxBody(
  secret: string,
  body: Buffer | string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  return `t=${nowSeconds},v1=${digest(secret, nowSeconds, body)}`;
}

/** True when `header` signs exactly `body` with `secret` within the replay window. */
export function verifySandboxSignature(
  secret: string,
  body: Buffer,
  header: string | string[] | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (typeof header !== 'string') return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(nowSeconds - timestamp) > REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(digest(secret, timestamp, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

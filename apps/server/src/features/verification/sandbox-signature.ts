import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header of a sandbox webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'glimpse-sandbox-signature';

/** An old signed request replayed later is refused; a provider's clock may run a little apart. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

export function signSandboxBody(
  secret: string,
  body: Buffer | string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  return `t=${nowSeconds},v1=${hmac(secret, nowSeconds, body)}`;
}

/** True when `header` signs exactly `body` with `secret`, within the tolerance of now. */
export function isValidSandboxSignature(
  secret: string,
  body: Buffer,
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const timestamp = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(timestamp) || typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given))
    return false;
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

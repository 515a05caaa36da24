import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The IBAN at rest: AES-256-GCM under a key derived from SECRET (HKDF-SHA256, its own label, so
 * no other use of SECRET shares the key). The owner's id is the additional data: a sealed IBAN
 * copied into another creator's row does not open there. Stored as `v1.{iv}.{tag}.{ciphertext}`
 * (base64url), the version leaving room for a later key or scheme.
 */

const VERSION = 'v1';
const LABEL = 'glimpse payout-method iban v1';

const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), LABEL, 32));
    keys.set(secret, key);
  }
  return key;
}

const aad = (userId: number) => Buffer.from(`payout-method:${userId}`);

export function sealIban(secret: string, userId: number, iban: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  cipher.setAAD(aad(userId));
  const ciphertext = Buffer.concat([cipher.update(iban, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The IBAN back; throws when the value was changed, belongs to another user or another key. */
export function openIban(secret: string, userId: number, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new Error('not a sealed IBAN');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

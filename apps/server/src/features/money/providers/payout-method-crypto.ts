import { SecretBox } from '../../../platform/crypto/secret-box.ts';

/**
 * The IBAN at rest: AES-256-GCM (platform SecretBox) under a key derived from SECRET for this
 * purpose and this owner, so a sealed IBAN copied into another creator's row does not open there,
 * and no other use of SECRET (TOTP seeds, mailed tokens) shares the key.
 */

const boxFor = (secret: string, userId: number) => new SecretBox(secret, `payout-iban:${userId}`);

export function sealIban(secret: string, userId: number, iban: string): string {
  return boxFor(secret, userId).seal(iban);
}

/** The IBAN back; throws when the value was changed, belongs to another user or another key. */
export function openIban(secret: string, userId: number, sealed: string): string {
  return boxFor(secret, userId).open(sealed);
}

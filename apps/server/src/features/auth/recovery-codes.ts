import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@glimpse/contract';

/**
 * Recovery codes: ten of "xxxxx-xxxxx" from an alphabet without look-alikes (50 bits each). Only
 * an HMAC of each under the server secret is stored: fast to check, and useless without the
 * secret, since a code's 50 bits alone could be brute-forced from a bare hash.
 */

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: HALF * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]);
    return `${chars.slice(0, HALF).join('')}-${chars.slice(HALF).join('')}`;
  });
}

/** The stored form of a code as typed (the contract already dropped case, spaces and dashes). */
export function recoveryCodeHash(serverSecret: string, code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]+/g, '');
  return createHmac('sha256', serverSecret).update(`recovery-code:${normalised}`).digest('hex');
}

import { generateSecret, generateURI, verify } from 'otplib';
import { SecretBox } from '../../platform/crypto/secret-box.ts';

/**
 * Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30 seconds, what every app reads), through
 * otplib. One step either side is accepted for clocks that drift; the step of an accepted code
 * is returned so the caller can refuse it, and every earlier one, from then on.
 */

export const TOTP_ISSUER = 'Glimpse';
const TOLERANCE_SECONDS = 30;

export function totpBox(serverSecret: string): SecretBox {
  return new SecretBox(serverSecret, 'totp-secret');
}

/** A new 160-bit secret in base32, as authenticator apps take it. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, accountName: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: accountName, secret });
}

/** The 30-second step the code belongs to, or null when it is wrong or not after `afterStep`. */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The combined typing also covers HOTP results, which have no step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

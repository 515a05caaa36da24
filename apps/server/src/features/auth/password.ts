import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../platform/errors/app-error.ts';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. Algorithm 2 is argon2id.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** True for passwords found in public breach lists (about 50k entries, compared case-blind). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** A new password (sign-up, reset, change) found in the list: 400 password_too_common. */
export function assertNotCommon(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('password_too_common', { errors: { password: ['password_too_common'] } });
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the email is unknown, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('glimpse-timing-equaliser');
  return dummyHash;
}

import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { PasswordHashCost } from '../../platform/config/config.ts';
import { AppError } from '../../platform/errors/app-error.ts';

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

/** An argon2id hash (algorithm 2, one lane) at `cost` (Config.passwordHashCost). */
export function hashPassword(cost: PasswordHashCost, password: string): Promise<string> {
  return hash(password, {
    algorithm: 2,
    memoryCost: cost.memoryKib,
    timeCost: cost.passes,
    parallelism: 1,
  });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash to verify against when the email is unknown, so timing does not reveal accounts:
 * at the cost real hashes have, one per cost.
 */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(cost: PasswordHashCost): Promise<string> {
  const key = `${cost.memoryKib}:${cost.passes}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(cost, 'glimpse-timing-equaliser');
    dummyHashes.set(key, dummy);
  }
  return dummy;
}

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Passkey, WebauthnCredentialJson } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import * as repo from './two-factor.repository.ts';
import type { PasskeyRow } from './two-factor.repository.ts';
import { relyingParty } from './webauthn.ts';

/**
 * Passkeys through @simplewebauthn/server: registration and assertion options, and checking the
 * browser's answers against the challenge handed out. Any answer that does not verify is
 * `passkey_invalid`, whatever the library's reason (logged, never shown).
 */

export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

const transportsOf = (row: PasskeyRow) => row.transports as AuthenticatorTransport[];

export async function registrationOptions(
  ctx: AppContext,
  user: { id: number; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(ctx.config);
  const existing = await repo.listPasskeys(ctx.db, user.id);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    // A stable handle that is not the email, so a passkey outlives an address change.
    userID: new TextEncoder().encode(`glimpse-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row),
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** Checks a new passkey's answer and stores it; the stored row. */
export async function registerPasskey(
  ctx: AppContext,
  userId: number,
  expectedChallenge: string,
  credential: WebauthnCredentialJson,
  name: string | undefined,
): Promise<PasskeyRow> {
  const rp = relyingParty(ctx.config);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    ctx.log.info({ err: error, userId }, 'passkey registration refused');
    throw new AppError('passkey_invalid');
  }
  if (!verified.verified) throw new AppError('passkey_invalid');
  const info = verified.registrationInfo;
  if (await repo.findPasskeyByCredentialId(ctx.db, info.credential.id))
    throw new AppError('passkey_invalid');
  return repo.insertPasskey(ctx.db, {
    userId,
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    name: name?.trim() || defaultPasskeyName(info.credentialDeviceType, info.credentialBackedUp),
    backedUp: info.credentialBackedUp,
  });
}

function defaultPasskeyName(deviceType: string, backedUp: boolean): string {
  if (backedUp) return 'Synced passkey';
  return deviceType === 'singleDevice' ? 'Security key' : 'Passkey';
}

/**
 * Options asking for one of the user's passkeys, or (no user: a passwordless sign-in) for any
 * passkey the browser holds for this site.
 */
export async function assertionOptions(
  ctx: AppContext,
  userId: number | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingParty(ctx.config);
  const allowed = userId === null ? [] : await repo.listPasskeys(ctx.db, userId);
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    allowCredentials: allowed.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row),
    })),
  });
}

/**
 * Checks a passkey's answer to `expectedChallenge`; the passkey's owner. With `userId`, only
 * that user's passkeys count. Moves the signature counter forward (a cloned authenticator that
 * replays an old counter is refused by the library).
 */
export async function verifyPasskeyAssertion(
  ctx: AppContext,
  expectedChallenge: string,
  credential: WebauthnCredentialJson,
  userId: number | null,
): Promise<number> {
  const row = await repo.findPasskeyByCredentialId(ctx.db, credential.id);
  if (!row || (userId !== null && row.userId !== userId)) throw new AppError('passkey_invalid');
  const rp = relyingParty(ctx.config);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(row.publicKey),
        counter: row.counter,
        transports: transportsOf(row),
      },
      requireUserVerification: false,
    });
  } catch (error) {
    ctx.log.info({ err: error, userId: row.userId }, 'passkey assertion refused');
    throw new AppError('passkey_invalid');
  }
  if (!verified.verified) throw new AppError('passkey_invalid');
  await repo.recordPasskeyUse(ctx.db, row.id, verified.authenticationInfo.newCounter);
  return row.userId;
}

import type {
  Passkey,
  SecondFactorBody,
  TotpSetup,
  TwoFactorState,
  WebauthnCredentialJson,
} from '@glimpse/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { queueMail } from '../mail/index.ts';
import { requireUser } from '../users/index.ts';
import { hasSecondFactor, SECOND_FACTOR_FRESH_MS, sessionSecondFactorAt } from './account-gates.ts';
import { openChallenge } from './auth-challenges.ts';
import {
  assertionOptions,
  presentPasskey,
  registerPasskey,
  registrationOptions,
} from './passkeys.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import { markSecondFactor, verifySecondFactor } from './second-factor.service.ts';
import { acceptedTotpStep, newTotpSecret, totpBox, totpUri } from './totp.ts';
import * as repo from './two-factor.repository.ts';
import type { ChallengeRow } from './two-factor.repository.ts';

/**
 * Turning second factors on and off from the security settings. Adding the first factor hands
 * out ten recovery codes (once); the factor just proved counts as this session's proof. Taking
 * one away, or asking for new codes, needs a recent second factor (the routes ask), and the
 * account's address is told whenever protection is added or removed.
 */

export async function twoFactorState(
  ctx: AppContext,
  userId: number,
  sessionToken: string | undefined,
): Promise<TwoFactorState> {
  const [totp, passkeys, codesLeft, provedAt] = await Promise.all([
    repo.findTotp(ctx.db, userId),
    repo.listPasskeys(ctx.db, userId),
    repo.countRecoveryCodesLeft(ctx.db, userId),
    sessionToken ? sessionSecondFactorAt(ctx.db, sessionToken) : Promise.resolve(null),
  ]);
  const enabled = Boolean(totp?.enabledAt) || passkeys.length > 0;
  const until = provedAt ? provedAt.getTime() + SECOND_FACTOR_FRESH_MS : 0;
  return {
    enabled,
    totp: Boolean(totp?.enabledAt),
    passkeys: passkeys.map(presentPasskey),
    recovery_codes_left: enabled ? codesLeft : 0,
    verified_until: enabled && until > Date.now() ? new Date(until).toISOString() : null,
  };
}

/** A new authenticator secret, pending until its first code (replaces an unfinished setup). */
export async function setUpTotp(ctx: AppContext, userId: number): Promise<TotpSetup> {
  const user = await requireUser(ctx, userId);
  if ((await repo.findTotp(ctx.db, userId))?.enabledAt) throw new AppError('totp_already_enabled');
  const secret = newTotpSecret();
  await repo.saveTotpSetup(ctx.db, userId, totpBox(ctx.config.secret).seal(secret));
  return { secret, otpauth_url: totpUri(secret, user.email) };
}

/** The first code from the app turns it on; recovery codes when it is the first factor. */
export async function enableTotp(
  ctx: AppContext,
  userId: number,
  sessionToken: string,
  code: string,
): Promise<{ recovery_codes: string[] }> {
  const totp = await repo.findTotp(ctx.db, userId);
  if (!totp) throw new AppError('totp_setup_required');
  if (totp.enabledAt) throw new AppError('totp_already_enabled');
  const hadFactor = await hasSecondFactor(ctx.db, userId);
  const secret = totpBox(ctx.config.secret).open(totp.secretEncrypted);
  const step = await acceptedTotpStep(secret, code, null);
  if (step === null) throw new AppError('code_invalid');
  const codes = await inTransaction(ctx.db, async (tx, effects) => {
    if (!(await repo.claimTotpStep(tx, userId, step))) throw new AppError('code_invalid');
    const fresh = hadFactor ? [] : await replaceRecoveryCodes(ctx, tx, userId);
    await tellOwner(ctx, tx, effects, userId, 'totp_on');
    return fresh;
  });
  await markSecondFactor(ctx, sessionToken);
  return { recovery_codes: codes };
}

export async function disableTotp(ctx: AppContext, userId: number): Promise<void> {
  await inTransaction(ctx.db, async (tx, effects) => {
    if (!(await repo.deleteTotp(tx, userId))) throw new AppError('two_factor_not_enabled');
    await dropCodesWhenUnprotected(tx, userId);
    await tellOwner(ctx, tx, effects, userId, 'totp_off');
  });
}

export async function passkeyRegistration(
  ctx: AppContext,
  userId: number,
): Promise<{
  options: PublicKeyCredentialCreationOptionsJSON;
  challenge: { token: string; expiresAt: Date };
}> {
  const user = await requireUser(ctx, userId);
  const options = await registrationOptions(ctx, user);
  const challenge = await openChallenge(ctx.db, 'passkey_register', userId, options.challenge);
  return { options, challenge };
}

export async function addPasskey(
  ctx: AppContext,
  userId: number,
  sessionToken: string,
  pending: ChallengeRow | undefined,
  body: { name?: string | undefined; passkey: WebauthnCredentialJson },
): Promise<{ passkey: Passkey; recovery_codes: string[] }> {
  if (pending?.userId !== userId || !pending.webauthnChallenge)
    throw new AppError('sign_in_expired');
  if (!(await repo.deleteChallenge(ctx.db, pending.id))) throw new AppError('sign_in_expired');
  const hadFactor = await hasSecondFactor(ctx.db, userId);
  const row = await registerPasskey(
    ctx,
    userId,
    pending.webauthnChallenge,
    body.passkey,
    body.name,
  );
  const codes = await inTransaction(ctx.db, async (tx, effects) => {
    const fresh = hadFactor ? [] : await replaceRecoveryCodes(ctx, tx, userId);
    await tellOwner(ctx, tx, effects, userId, 'passkey_added');
    return fresh;
  });
  await markSecondFactor(ctx, sessionToken);
  return { passkey: presentPasskey(row), recovery_codes: codes };
}

export async function removePasskey(ctx: AppContext, userId: number, id: string): Promise<void> {
  await inTransaction(ctx.db, async (tx, effects) => {
    if (!(await repo.deletePasskey(tx, userId, id))) throw new AppError('passkey_not_found');
    await dropCodesWhenUnprotected(tx, userId);
    await tellOwner(ctx, tx, effects, userId, 'passkey_removed');
  });
}

/** New codes void the old ones. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  userId: number,
): Promise<{ recovery_codes: string[] }> {
  if (!(await hasSecondFactor(ctx.db, userId))) throw new AppError('two_factor_not_enabled');
  const codes = await inTransaction(ctx.db, (tx) => replaceRecoveryCodes(ctx, tx, userId));
  return { recovery_codes: codes };
}

/** Every second factor off: the app, the passkeys, the recovery codes. */
export async function disableTwoFactor(ctx: AppContext, userId: number): Promise<void> {
  if (!(await hasSecondFactor(ctx.db, userId))) throw new AppError('two_factor_not_enabled');
  await inTransaction(ctx.db, async (tx, effects) => {
    await repo.deleteTotp(tx, userId);
    await repo.deleteAllPasskeys(tx, userId);
    await repo.replaceRecoveryCodes(tx, userId, []);
    await tellOwner(ctx, tx, effects, userId, 'two_factor_off');
  });
}

/** Options for proving the second factor with one of the account's passkeys. */
export async function stepUpPasskeyOptions(
  ctx: AppContext,
  userId: number,
): Promise<{
  options: PublicKeyCredentialRequestOptionsJSON;
  challenge: { token: string; expiresAt: Date };
}> {
  if (!(await hasSecondFactor(ctx.db, userId))) throw new AppError('two_factor_not_enabled');
  const options = await assertionOptions(ctx, userId);
  const challenge = await openChallenge(ctx.db, 'step_up', userId, options.challenge);
  return { options, challenge };
}

/** POST /api/auth/2fa/verify: proves a second factor for this session. */
export async function stepUp(
  ctx: AppContext,
  userId: number,
  sessionToken: string,
  pending: ChallengeRow | undefined,
  body: SecondFactorBody,
): Promise<{ verified_until: string }> {
  if (!(await hasSecondFactor(ctx.db, userId))) throw new AppError('two_factor_not_enabled');
  const webauthnChallenge = pending?.userId === userId ? pending.webauthnChallenge : null;
  await verifySecondFactor(ctx, userId, body, webauthnChallenge);
  if (pending && 'passkey' in body) await repo.deleteChallenge(ctx.db, pending.id);
  const until = await markSecondFactor(ctx, sessionToken);
  return { verified_until: until.toISOString() };
}

async function replaceRecoveryCodes(
  ctx: AppContext,
  tx: Parameters<typeof repo.replaceRecoveryCodes>[0],
  userId: number,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(
    tx,
    userId,
    codes.map((code) => recoveryCodeHash(ctx.config.secret, code)),
  );
  return codes;
}

/** Recovery codes only stand in for a factor: none left, none kept. */
async function dropCodesWhenUnprotected(
  tx: Parameters<typeof repo.replaceRecoveryCodes>[0],
  userId: number,
): Promise<void> {
  if (!(await hasSecondFactor(tx, userId))) await repo.replaceRecoveryCodes(tx, userId, []);
}

type SecurityChange =
  'totp_on' | 'totp_off' | 'passkey_added' | 'passkey_removed' | 'two_factor_off';

/** The address hears of every change to what protects the account. */
async function tellOwner(
  ctx: AppContext,
  tx: Parameters<typeof queueMail>[0],
  effects: Parameters<typeof queueMail>[1],
  userId: number,
  change: SecurityChange,
): Promise<void> {
  const user = await requireUser({ ...ctx, db: tx }, userId);
  await queueMail(tx, effects, {
    userId,
    to: user.email,
    template: 'two_factor_changed',
    params: { name: user.name, change },
  });
}

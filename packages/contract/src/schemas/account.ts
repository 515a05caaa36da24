import { z } from 'zod';
import { loginBody } from './auth.ts';
import { singleLineText } from './text.ts';

/**
 * Two-factor sign-in, data export and account deletion (issue 27). WebAuthn options and answers
 * are the JSON forms @simplewebauthn reads and writes; they are checked here for shape and size
 * only, and verified by the server's WebAuthn library.
 */

export const twoFactorMethodSchema = z.enum(['totp', 'passkey', 'recovery_code']);
export type TwoFactorMethod = z.infer<typeof twoFactorMethodSchema>;

/** POST /api/auth/login with a second factor set: no session yet, a second step is due. */
export const twoFactorRequiredSchema = z.strictObject({
  two_factor_required: z.literal(true),
  methods: z.array(twoFactorMethodSchema),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

/** A six-digit authenticator code (spaces people type are dropped). */
export const totpCodeSchema = z
  .string()
  .max(16)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[0-9]{6}$/, { message: 'code_invalid' }));

/** A recovery code as printed ("abcde-12345"); case, spaces and dashes are forgiven. */
export const recoveryCodeSchema = z
  .string()
  .max(32)
  .transform((value) => value.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, { message: 'code_invalid' }));

const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/);

/** A WebAuthn credential as the browser library serialises it (registration or assertion). */
export const webauthnCredentialSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});
export type WebauthnCredentialJson = z.infer<typeof webauthnCredentialSchema>;

/** WebAuthn options to hand to the browser library as they are. */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown());

/** One second factor: an authenticator code, a recovery code, or a passkey's answer. */
export const secondFactorBody = z.union([
  z.strictObject({ code: totpCodeSchema }),
  z.strictObject({ recovery_code: recoveryCodeSchema }),
  z.strictObject({ passkey: webauthnCredentialSchema }),
]);
export type SecondFactorBody = z.input<typeof secondFactorBody>;

/** POST /api/auth/passkey: a passwordless sign-in with a passkey. */
export const passkeyLoginBody = z.strictObject({ passkey: webauthnCredentialSchema });

export const passkeySchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/auth/2fa: what protects the account. */
export const twoFactorStateSchema = z.strictObject({
  enabled: z.boolean(),
  totp: z.boolean(),
  passkeys: z.array(passkeySchema),
  recovery_codes_left: z.number().int().min(0),
  /** Until when this session's last second factor counts for sensitive changes (or null). */
  verified_until: z.string().nullable(),
});
export type TwoFactorState = z.infer<typeof twoFactorStateSchema>;

/** POST /api/auth/2fa/totp/setup: the secret to type in, and the link a QR code carries. */
export const totpSetupResponse = z.strictObject({
  secret: z.string(),
  otpauth_url: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupResponse>;

export const totpEnableBody = z.strictObject({ code: totpCodeSchema });

/**
 * New recovery codes, shown once: when the first second factor is turned on, or when asked for
 * again (which voids the old ones). Empty when a factor was added to an account that had one.
 */
export const recoveryCodesResponse = z.strictObject({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>;

export const registerPasskeyBody = z.strictObject({
  name: singleLineText({ max: 60 }).optional(),
  passkey: webauthnCredentialSchema,
});
export const registerPasskeyResponse = z.strictObject({
  passkey: passkeySchema,
  recovery_codes: z.array(z.string()),
});

export const passkeyIdParam = z.strictObject({ id: z.uuid({ message: 'passkey_not_found' }) });

/** POST /api/auth/2fa/verify: the second factor now counts until `verified_until`. */
export const stepUpResponse = z.strictObject({ verified_until: z.string() });

export const dataExportStatusSchema = z.enum(['pending', 'building', 'ready', 'failed', 'expired']);
export const dataExportSchema = z.strictObject({
  id: z.uuid(),
  status: dataExportStatusSchema,
  /** 0-100 while pending or building. */
  progress: z.number().int().min(0).max(100),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  /** When the download link stops working (ready exports only). */
  expires_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** Where the owner downloads it, while it is ready and not expired. */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportIdParam = z.strictObject({ id: z.uuid({ message: 'export_not_found' }) });

/** POST /api/users/me/deletion: the password proves it is the owner. */
export const accountDeletionBody = z.strictObject({ password: loginBody.shape.password });
export const accountDeletionResponse = z.strictObject({
  /** When the account will be erased unless the owner signs in and cancels. */
  deletes_at: z.string(),
});

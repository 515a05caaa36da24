import { successBody } from '../schemas/common.ts';
import {
  accountDeletionBody,
  accountDeletionResponse,
  dataExportIdParam,
  dataExportSchema,
  passkeyIdParam,
  passkeyLoginBody,
  recoveryCodesResponse,
  registerPasskeyBody,
  registerPasskeyResponse,
  secondFactorBody,
  stepUpResponse,
  totpEnableBody,
  totpSetupResponse,
  twoFactorStateSchema,
  webauthnOptionsSchema,
} from '../schemas/account.ts';
import { currentUserSchema } from '../schemas/users.ts';
import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

/** A change that needs a recent second factor when the account has one. */
const sensitive = ['second_factor_required'] as const;

/** Two-factor sign-in, data export and account deletion (issue 27). */
export const accountEndpoints = {
  /** The sign-in's second step, after a password sign-in answered `two_factor_required`. */
  loginSecondFactor: defineEndpoint(r.loginSecondFactor, {
    body: secondFactorBody,
    response: currentUserSchema,
    errors: ['code_invalid', 'passkey_invalid', 'sign_in_expired', 'rate_limited'],
  }),
  loginSecondFactorOptions: defineEndpoint(r.loginSecondFactorOptions, {
    response: webauthnOptionsSchema,
    errors: ['sign_in_expired', 'rate_limited'],
  }),
  /** Options for a passwordless passkey sign-in (any passkey the browser holds for this site). */
  passkeyLoginOptions: defineEndpoint(r.passkeyLoginOptions, {
    response: webauthnOptionsSchema,
    errors: ['rate_limited'],
  }),
  passkeyLogin: defineEndpoint(r.passkeyLogin, {
    body: passkeyLoginBody,
    response: currentUserSchema,
    errors: ['passkey_invalid', 'sign_in_expired', 'rate_limited'],
  }),

  twoFactor: defineEndpoint(r.twoFactor, { response: twoFactorStateSchema }),
  totpSetup: defineEndpoint(r.totpSetup, {
    response: totpSetupResponse,
    errors: [...sensitive, 'totp_already_enabled'],
  }),
  totpEnable: defineEndpoint(r.totpEnable, {
    body: totpEnableBody,
    response: recoveryCodesResponse,
    errors: ['code_invalid', 'totp_setup_required', 'totp_already_enabled', 'rate_limited'],
  }),
  totpDisable: defineEndpoint(r.totpDisable, {
    status: 204,
    errors: [...sensitive, 'two_factor_not_enabled'],
  }),
  passkeyRegistrationOptions: defineEndpoint(r.passkeyRegistrationOptions, {
    response: webauthnOptionsSchema,
    errors: [...sensitive],
  }),
  registerPasskey: defineEndpoint(r.registerPasskey, {
    body: registerPasskeyBody,
    status: 201,
    response: registerPasskeyResponse,
    errors: [...sensitive, 'passkey_invalid', 'sign_in_expired'],
  }),
  deletePasskey: defineEndpoint(r.deletePasskey, {
    params: passkeyIdParam,
    status: 204,
    errors: [...sensitive, 'passkey_not_found'],
  }),
  regenerateRecoveryCodes: defineEndpoint(r.regenerateRecoveryCodes, {
    response: recoveryCodesResponse,
    errors: [...sensitive, 'two_factor_not_enabled'],
  }),
  /** Turns every second factor off: the authenticator app, passkeys and recovery codes. */
  disableTwoFactor: defineEndpoint(r.disableTwoFactor, {
    status: 204,
    errors: [...sensitive, 'two_factor_not_enabled'],
  }),
  stepUpOptions: defineEndpoint(r.stepUpOptions, {
    response: webauthnOptionsSchema,
    errors: ['two_factor_not_enabled'],
  }),
  /** Proves a second factor for this session: sensitive changes are allowed for a while. */
  stepUp: defineEndpoint(r.stepUp, {
    body: secondFactorBody,
    response: stepUpResponse,
    errors: [
      'code_invalid',
      'passkey_invalid',
      'two_factor_not_enabled',
      'sign_in_expired',
      'rate_limited',
    ],
  }),

  requestDataExport: defineEndpoint(r.requestDataExport, {
    status: 201,
    response: dataExportSchema,
    errors: ['export_in_progress', 'rate_limited'],
  }),
  dataExports: defineEndpoint(r.dataExports, { response: z.array(dataExportSchema) }),
  /** The archive itself (application/zip), for its owner only. */
  downloadDataExport: defineEndpoint(r.downloadDataExport, {
    params: dataExportIdParam,
    file: true,
    errors: ['export_not_found', 'export_expired'],
  }),

  /** Hides the account at once, ends its sessions, erases it after ACCOUNT_DELETION_DAYS. */
  requestAccountDeletion: defineEndpoint(r.requestAccountDeletion, {
    body: accountDeletionBody,
    response: accountDeletionResponse,
    errors: [...sensitive, 'password_incorrect', 'rate_limited'],
  }),
  cancelAccountDeletion: defineEndpoint(r.cancelAccountDeletion, {
    response: successBody,
    errors: ['deletion_not_requested'],
  }),
};

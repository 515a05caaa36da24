import type { Passkey } from '@glimpse/contract';
import { useMutation } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api.ts';
import { createPasskey } from '../../second-factor/index.ts';
import type { SecondFactorGate } from '../index.ts';
import { useRefreshTwoFactor } from '../two-factor.queries.ts';

type Gate = SecondFactorGate['withSecondFactor'];

/** The step-up dialog was closed: the change was not made, and that needs no message. */
export function isStepUpDeclined(error: unknown): boolean {
  return isApiError(error, 'second_factor_required');
}

/**
 * POST /api/auth/2fa/totp/setup: a new secret to scan. With two-factor already on (a passkey),
 * a second factor comes first.
 */
export function useTotpSetup(withSecondFactor: Gate) {
  return useMutation({ mutationFn: () => withSecondFactor(() => call('totpSetup')) });
}

/** POST /api/auth/2fa/totp/enable: the app's first code proves it was set up right. */
export function useTotpEnable() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (code: string) => call('totpEnable', { body: { code } }),
    onSettled: () => void refresh(),
  });
}

/**
 * A new passkey: the challenge, the browser's prompt, then the server keeps it. The second
 * factor, when one is due, is asked before the browser's prompt.
 */
export function useAddPasskey(withSecondFactor: Gate) {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (name: string) =>
      withSecondFactor(async () => {
        const passkey = await createPasskey(await call('passkeyRegistrationOptions'));
        return call('registerPasskey', { body: { ...(name ? { name } : {}), passkey } });
      }),
    onSuccess: () => void refresh(),
  });
}

/** The sensitive changes of the section, each behind the step-up, each refreshing the state. */
export function useTwoFactorChanges(withSecondFactor: Gate) {
  const refresh = useRefreshTwoFactor();
  const settled = { onSettled: () => void refresh() };
  return {
    removeApp: useMutation({
      mutationFn: () => withSecondFactor(() => call('totpDisable')),
      ...settled,
    }),
    removePasskey: useMutation({
      mutationFn: (passkey: Passkey) =>
        withSecondFactor(() => call('deletePasskey', { params: { id: passkey.id } })),
      ...settled,
    }),
    regenerateCodes: useMutation({
      mutationFn: () => withSecondFactor(() => call('regenerateRecoveryCodes')),
      ...settled,
    }),
    turnOff: useMutation({
      mutationFn: () => withSecondFactor(() => call('disableTwoFactor')),
      ...settled,
    }),
  };
}

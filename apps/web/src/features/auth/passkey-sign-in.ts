import './second-factor-texts.ts';
import type { CurrentUser } from '@glimpse/contract';
import type { TFunction } from 'i18next';
import { call, isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { isPasskeyPromptClosed, passkeyAnswer } from '../second-factor/index.ts';

/**
 * A sign-in with a passkey alone (no password): any passkey this browser holds for the site.
 * Loaded when the button is pressed, with the WebAuthn library and the texts it may need.
 */
export async function signInWithPasskey(): Promise<CurrentUser> {
  const passkey = await passkeyAnswer(await call('passkeyLoginOptions'));
  return call('passkeyLogin', { body: { passkey } });
}

/** What to say when it did not work. */
export function passkeySignInRefusal(t: TFunction, error: unknown): string {
  if (isPasskeyPromptClosed(error)) return t('secondFactor.passkeyClosed');
  if (isApiError(error, 'passkey_invalid')) return t('secondFactor.passkeySignIn.failed');
  return errorMessage(t, error);
}

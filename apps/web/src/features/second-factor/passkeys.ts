import type { WebauthnCredentialJson } from '@glimpse/contract';

/**
 * Passkeys through @simplewebauthn/browser, loaded only when one is used: the sign-in screen
 * and the settings keep the library out of their chunks. Options come from the server as JSON
 * and go to the library as they are; its answers go back as the contract's credential JSON.
 */

type WebauthnOptions = Record<string, unknown>;

const browserLibrary = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (no button is offered when it cannot). */
export function passkeysSupported(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function';
}

/** Asks the browser for a passkey's answer to a sign-in or confirmation challenge. */
export async function passkeyAnswer(options: WebauthnOptions): Promise<WebauthnCredentialJson> {
  const { startAuthentication } = await browserLibrary();
  const answer = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return {
    ...answer,
    response: { ...answer.response },
    clientExtensionResults: { ...answer.clientExtensionResults },
  };
}

/** Asks the browser to create a passkey for the account the options name. */
export async function createPasskey(options: WebauthnOptions): Promise<WebauthnCredentialJson> {
  const { startRegistration } = await browserLibrary();
  const answer = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return {
    ...answer,
    response: { ...answer.response },
    clientExtensionResults: { ...answer.clientExtensionResults },
  };
}

function causeName(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? cause.name : undefined;
}

/**
 * The person closed the browser's passkey prompt, or it timed out: browsers answer both with
 * NotAllowedError (which the library passes through), an abort with AbortError.
 */
export function isPasskeyPromptClosed(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const names = [error.name, causeName(error)];
  const code = (error as Error & { code?: string }).code;
  return (
    names.includes('NotAllowedError') ||
    names.includes('AbortError') ||
    code === 'ERROR_CEREMONY_ABORTED'
  );
}

/** The authenticator already holds a passkey for this account (registration refused). */
export function isPasskeyAlreadyRegistered(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as Error & { code?: string }).code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
  );
}

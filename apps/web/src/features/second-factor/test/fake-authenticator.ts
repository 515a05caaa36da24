import type { WebauthnCredentialJson } from '@glimpse/contract';
import { vi } from 'vitest';

/*
 * A browser with passkeys, for component tests: jsdom has no WebAuthn, so PublicKeyCredential
 * and navigator.credentials are stood in for, and @simplewebauthn/browser runs as it is over them
 * (the browser journeys use Chromium's virtual authenticator). The authenticator answers with
 * the credential a test gives it, or refuses as a browser does (a DOMException), and records
 * what each request asked for.
 *
 * Call `installFakeAuthenticator()` before each test; test/setup.ts takes it away after it.
 */

type Kind = 'get' | 'create';

/** A request to the authenticator, its binary fields back in base64url as the server sent them. */
export interface AuthenticatorRequest {
  kind: Kind;
  publicKey: Record<string, unknown>;
}

function toBase64Url(buffer: ArrayBuffer | ArrayBufferView): string {
  const view = ArrayBuffer.isView(buffer) ? buffer : new Uint8Array(buffer);
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64Url(text: string): ArrayBuffer {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
}

/** The options as JSON again: every buffer in base64url. */
function decode(value: unknown): unknown {
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return toBase64Url(value);
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decode(item)]));
  }
  return value;
}

/** The PublicKeyCredential a browser hands back for a credential's JSON (the library's output). */
function browserCredential(json: WebauthnCredentialJson) {
  const response = json.response as Record<string, unknown>;
  const buffers = Object.fromEntries(
    Object.entries(response)
      .filter(([, value]) => typeof value === 'string')
      .map(([key, value]) => [key, fromBase64Url(value as string)]),
  );
  const transports = response.transports as string[] | undefined;
  return {
    id: json.id,
    rawId: fromBase64Url(json.rawId),
    type: json.type,
    authenticatorAttachment: json.authenticatorAttachment ?? null,
    response: { ...buffers, ...(transports && { getTransports: () => transports }) },
    getClientExtensionResults: () => json.clientExtensionResults ?? {},
  };
}

export function installFakeAuthenticator() {
  const requests: AuthenticatorRequest[] = [];
  let answer: WebauthnCredentialJson | DOMException = new DOMException(
    'No passkey was given to the fake authenticator',
    'NotAllowedError',
  );
  const ask = (kind: Kind) => async (options: CredentialRequestOptions) => {
    requests.push({ kind, publicKey: decode(options.publicKey) as Record<string, unknown> });
    if (answer instanceof DOMException) throw answer;
    return browserCredential(answer);
  };
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: { get: ask('get'), create: ask('create') },
  });
  return {
    requests,
    /** The next requests are answered with `credential`. */
    answerWith(credential: WebauthnCredentialJson) {
      answer = credential;
    },
    /** The next requests fail as the browser fails them (NotAllowedError: the prompt closed). */
    refuseWith(name: string, message = name) {
      answer = new DOMException(message, name);
    },
  };
}

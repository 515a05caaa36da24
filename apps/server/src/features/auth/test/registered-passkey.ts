import { expect } from 'vitest';
import { TEST_ORIGIN, type Client } from '../../../test/harness.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

/** A software passkey added to the signed-in account, as settings add one: the key and the answer. */
export async function registeredPasskey(account: { client: Client }, name = 'Test key') {
  const key = new SoftwareAuthenticator(TEST_ORIGIN, new URL(TEST_ORIGIN).hostname);
  const options = await account.client.post('/api/auth/2fa/passkeys/options');
  expect(options.statusCode, options.body).toBe(200);
  const added = await account.client.post('/api/auth/2fa/passkeys', {
    name,
    passkey: key.register(options.json()),
  });
  expect(added.statusCode, added.body).toBe(201);
  return { key, added: added.json() };
}

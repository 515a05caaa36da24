import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.ts';
import { IdentityProviders } from './identity-providers.ts';
import { SandboxIdentityProvider } from './sandbox-identity.provider.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-verification-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: NodeJS.ProcessEnv) => loadConfig({ SECRET: 's', ...env }, { dataDir });

const ONDATO_ENV = {
  IDENTITY_PROVIDER: 'ondato',
  ONDATO_CLIENT_ID: 'id',
  ONDATO_CLIENT_SECRET: 'secret',
  ONDATO_SETUP_ID: 'setup',
  ONDATO_WEBHOOK_USERNAME: 'user',
  ONDATO_WEBHOOK_PASSWORD: 'pass',
};

describe('identity provider settings', () => {
  it('defaults to the sandbox, with a webhook secret derived from SECRET', () => {
    const config = load({});
    expect(config.identityProvider).toBe('sandbox');
    expect(config.ondato).toBeUndefined();
    expect(config.sandboxIdentitySecret).toHaveLength(43);
    expect(config.sandboxIdentitySecret).not.toBe('s');
    expect(load({}).sandboxIdentitySecret).toBe(config.sandboxIdentitySecret);
    expect(load({ SECRET: 'other' }).sandboxIdentitySecret).not.toBe(config.sandboxIdentitySecret);
    expect(config.sandboxIdentityWebhookUrl).toBeUndefined();
  });

  it('reads SANDBOX_IDENTITY_SECRET and SANDBOX_IDENTITY_WEBHOOK_URL', () => {
    const config = load({
      SANDBOX_IDENTITY_SECRET: 'shh',
      SANDBOX_IDENTITY_WEBHOOK_URL: 'http://api.internal:3000/',
    });
    expect(config.sandboxIdentitySecret).toBe('shh');
    expect(config.sandboxIdentityWebhookUrl).toBe('http://api.internal:3000');
  });

  it('reads Ondato with its default endpoints', () => {
    const config = load({ ...ONDATO_ENV, ONDATO_API_URL: 'https://sandbox-idvapi.ondato.com/' });
    expect(config.identityProvider).toBe('ondato');
    expect(config.ondato).toEqual({
      apiUrl: 'https://sandbox-idvapi.ondato.com',
      authUrl: 'https://id.ondato.com',
      idvUrl: 'https://idv.ondato.com',
      clientId: 'id',
      clientSecret: 'secret',
      setupId: 'setup',
      webhookUsername: 'user',
      webhookPassword: 'pass',
    });
  });

  it.each(Object.keys(ONDATO_ENV).filter((name) => name !== 'IDENTITY_PROVIDER'))(
    'refuses to start Ondato without %s',
    (name) => {
      expect(() => load({ ...ONDATO_ENV, [name]: '' })).toThrow(name);
    },
  );

  it('refuses an unknown IDENTITY_PROVIDER', () => {
    expect(() => load({ IDENTITY_PROVIDER: 'veriff' })).toThrow('IDENTITY_PROVIDER');
  });
});

describe('the active provider', () => {
  it('is the sandbox by default, and only its webhook is accepted', () => {
    const providers = new IdentityProviders(load({}));
    expect(providers.active).toBeInstanceOf(SandboxIdentityProvider);
    expect(providers.sandbox()).toBe(providers.active);
    expect(() => providers.named('ondato')).toThrow('provider_not_found');
  });

  it('switches the sandbox off when Ondato is configured', () => {
    const providers = new IdentityProviders(load(ONDATO_ENV));
    expect(providers.active.name).toBe('ondato');
    expect(providers.sandbox()).toBeUndefined();
    expect(() => providers.named('sandbox')).toThrow('provider_not_found');
    expect(providers.named('ondato')).toBe(providers.active);
  });
});

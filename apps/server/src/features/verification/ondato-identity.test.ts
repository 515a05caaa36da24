import { describe, expect, it } from 'vitest';
import type { OndatoConfig } from '../../platform/config/config.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { OndatoIdentityProvider, type HttpClient } from './ondato-identity.provider.ts';

const config: OndatoConfig = {
  apiUrl: 'https://idvapi.example',
  authUrl: 'https://id.example',
  idvUrl: 'https://idv.example',
  clientId: 'client-1',
  clientSecret: 'client-secret',
  setupId: 'setup-1',
  webhookUsername: 'glimpse',
  webhookPassword: 'hook-pass',
};

interface Call {
  url: string;
  init: RequestInit;
}

/** Ondato's servers as far as this adapter sees them: a token endpoint and the IDV API. */
function fakeOndato(options: { idvStatus?: number } = {}) {
  const calls: Call[] = [];
  const http: HttpClient = async (url, init) => {
    calls.push({ url, init });
    if (url.endsWith('/connect/token'))
      return Response.json({ access_token: `token-${calls.length}`, expires_in: 3600 });
    if (url.endsWith('/v1/identity-verifications'))
      return options.idvStatus
        ? new Response('no', { status: options.idvStatus })
        : Response.json({ id: 'idv-123' }, { status: 201 });
    return new Response('not found', { status: 404 });
  };
  return { calls, http };
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** An event in Ondato's webhook shape (their docs, "Webhooks"). */
function ondatoEvent(type: string, payload: Record<string, unknown>) {
  return Buffer.from(
    JSON.stringify({
      id: '45a51829-965c-49ac-8fbb-940aa3d8486f',
      applicationId: 'd73da14e-a6b9-4bb1-b9df-f3b40ba1ed34',
      createdUtc: '2026-11-23T07:16:41.873Z',
      deliveredUtc: '2026-11-23T07:16:42.000Z',
      payload,
      type,
    }),
  );
}

describe('Ondato session creation (no network: the HTTP client is injected)', () => {
  it('gets a client-credentials token, creates an identity verification and points at its page', async () => {
    const { calls, http } = fakeOndato();
    const provider = new OndatoIdentityProvider(config, http);
    const started = await provider.startSession({ sessionId: 'our-1', userId: 7, returnTo: '/' });
    expect(started).toEqual({
      redirectUrl: 'https://idv.example/?id=idv-123',
      providerRef: 'idv-123',
    });

    expect(calls[0]!.url).toBe('https://id.example/connect/token');
    const form = new URLSearchParams(calls[0]!.init.body as string);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client-1',
      client_secret: 'client-secret',
      scope: 'idv_api',
    });
    expect(calls[1]!.url).toBe('https://idvapi.example/v1/identity-verifications');
    expect(calls[1]!.init.method).toBe('POST');
    expect((calls[1]!.init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({
      externalReferenceId: 'our-1',
      setupId: 'setup-1',
    });
  });

  it('reuses the token until shortly before it expires', async () => {
    const { calls, http } = fakeOndato();
    let now = 1_000_000;
    const provider = new OndatoIdentityProvider(config, http, () => now);
    await provider.startSession({ sessionId: 'a', userId: 1, returnTo: '/' });
    await provider.startSession({ sessionId: 'b', userId: 1, returnTo: '/' });
    expect(calls.filter((c) => c.url.endsWith('/connect/token'))).toHaveLength(1);
    now += 3600 * 1000;
    await provider.startSession({ sessionId: 'c', userId: 1, returnTo: '/' });
    expect(calls.filter((c) => c.url.endsWith('/connect/token'))).toHaveLength(2);
  });

  it('fails loudly when Ondato refuses', async () => {
    const { http } = fakeOndato({ idvStatus: 401 });
    const provider = new OndatoIdentityProvider(config, http);
    await expect(
      provider.startSession({ sessionId: 'a', userId: 1, returnTo: '/' }),
    ).rejects.toThrow('401');
  });
});

describe("Ondato webhooks (offline, in Ondato's shape)", () => {
  const provider = new OndatoIdentityProvider(config, fakeOndato().http);
  const auth = { authorization: basic('glimpse', 'hook-pass') };

  it('maps KycIdentification.Approved and .Rejected to the identity verification they belong to', () => {
    const approved = provider.parseWebhook({
      rawBody: ondatoEvent('KycIdentification.Approved', {
        id: 'kyc-1',
        identityVerificationId: 'idv-123',
        status: 'Approved',
      }),
      headers: auth,
    });
    expect(approved).toEqual({
      eventId: '45a51829-965c-49ac-8fbb-940aa3d8486f',
      providerRef: 'idv-123',
      outcome: 'approved',
    });
    const rejected = provider.parseWebhook({
      rawBody: ondatoEvent('KycIdentification.Rejected', {
        id: 'kyc-1',
        identityVerificationId: 'idv-123',
      }),
      headers: auth,
    });
    expect(rejected.outcome).toBe('rejected');
  });

  it('acknowledges events that decide nothing without an outcome', () => {
    const changed = provider.parseWebhook({
      rawBody: ondatoEvent('IdentityVerification.StatusChanged', {
        id: 'idv-123',
        status: 'Completed',
      }),
      headers: auth,
    });
    expect(changed).toMatchObject({ providerRef: 'idv-123', outcome: null });
    const form = provider.parseWebhook({
      rawBody: ondatoEvent('Form.Created', { id: 'form-1', identityVerificationId: 'idv-9' }),
      headers: auth,
    });
    expect(form).toMatchObject({ providerRef: 'idv-9', outcome: null });
  });

  it.each([
    ['no credentials', {}],
    ['a wrong password', { authorization: basic('glimpse', 'guess') }],
    ['a wrong user', { authorization: basic('someone', 'hook-pass') }],
    ['another scheme', { authorization: 'Bearer hook-pass' }],
  ])('refuses %s with webhook_signature_invalid', (_name, headers) => {
    const call = () =>
      provider.parseWebhook({
        rawBody: ondatoEvent('KycIdentification.Approved', { identityVerificationId: 'idv-123' }),
        headers,
      });
    expect(call).toThrow(AppError);
    expect(call).toThrow('webhook_signature_invalid');
  });

  it('refuses an authenticated body that is not an Ondato event', () => {
    expect(() => provider.parseWebhook({ rawBody: Buffer.from('[1]'), headers: auth })).toThrow(
      'validation_failed',
    );
  });
});

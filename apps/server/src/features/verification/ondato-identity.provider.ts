import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { OndatoConfig } from '../../platform/config/config.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  headerValue,
  type IdentityEvent,
  type IdentityProvider,
  type StartSessionRequest,
  type StartedSession,
  type WebhookRequest,
} from './identity-provider.ts';
import { parseJson } from './sandbox-identity.provider.ts';

/** The one HTTP call this adapter makes, injectable so tests never reach Ondato. */
export type HttpClient = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Ondato's webhook body (their docs, "Webhooks"): `{ id, applicationId, createdUtc, type,
 * payload }`, where the payload is the resource the event is about. KYC identification events
 * carry the identity verification they belong to as `payload.identityVerificationId`; identity
 * verification events are that resource itself (`payload.id`).
 */
const ondatoEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  createdUtc: z.string().optional(),
  payload: z
    .object({
      id: z.string().max(200).optional(),
      identityVerificationId: z.string().max(200).optional(),
      status: z.string().max(100).optional(),
    })
    .loose()
    .optional(),
});

/** The events that decide a check; every other event is acknowledged and changes nothing. */
const OUTCOME_BY_TYPE: Record<string, IdentityEvent['outcome']> = {
  'KycIdentification.Approved': 'approved',
  'KycIdentification.Rejected': 'rejected',
};

const tokenResponse = z.object({ access_token: z.string(), expires_in: z.number().optional() });
const createdVerification = z.object({ id: z.string().min(1) });

/**
 * Ondato IDV: a check is an "identity verification" created through the IDV API with our
 * setup, and the person completes it on Ondato's page. The setup (made in Ondato's portal)
 * holds the redirect URLs, so the return path is not sent per check: point the setup's success
 * and failure URLs at PUBLIC_URL/me?verification=approved|rejected.
 */
export class OndatoIdentityProvider implements IdentityProvider {
  readonly name = 'ondato';
  private token: { value: string; expiresAt: number } | undefined;

  constructor(
    private readonly config: OndatoConfig,
    private readonly http: HttpClient = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  async startSession(request: StartSessionRequest): Promise<StartedSession> {
    const response = await this.http(`${this.config.apiUrl}/v1/identity-verifications`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        externalReferenceId: request.sessionId,
        setupId: this.config.setupId,
      }),
    });
    if (!response.ok)
      throw new Error(`Ondato refused the identity verification: ${response.status}`);
    const { id } = createdVerification.parse(await response.json());
    return { redirectUrl: `${this.config.idvUrl}/?id=${encodeURIComponent(id)}`, providerRef: id };
  }

  /** OAuth client credentials, kept until a minute before they expire. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    const response = await this.http(`${this.config.authUrl}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        scope: 'idv_api',
      }).toString(),
    });
    if (!response.ok) throw new Error(`Ondato refused the client credentials: ${response.status}`);
    const token = tokenResponse.parse(await response.json());
    this.token = {
      value: token.access_token,
      expiresAt: this.now() + Math.max(0, (token.expires_in ?? 300) - 60) * 1000,
    };
    return token.access_token;
  }

  parseWebhook(request: WebhookRequest): IdentityEvent {
    if (!this.hasWebhookCredentials(headerValue(request.headers, 'authorization')))
      throw new AppError('webhook_signature_invalid');
    const parsed = ondatoEvent.safeParse(parseJson(request.rawBody));
    if (!parsed.success) throw new AppError('validation_failed');
    const event = parsed.data;
    const ownResource = event.type.startsWith('IdentityVerification.')
      ? event.payload?.id
      : undefined;
    return {
      eventId: event.id,
      providerRef: event.payload?.identityVerificationId ?? ownResource ?? null,
      outcome: OUTCOME_BY_TYPE[event.type] ?? null,
    };
  }

  /** Ondato authenticates webhooks with HTTP Basic credentials; compared in constant time. */
  private hasWebhookCredentials(header: string | undefined): boolean {
    if (!header?.startsWith('Basic ')) return false;
    const expected = `${this.config.webhookUsername}:${this.config.webhookPassword}`;
    const given = Buffer.from(header.slice('Basic '.length).trim(), 'base64').toString('utf8');
    const digest = (text: string) => createHash('sha256').update(text).digest();
    return timingSafeEqual(digest(given), digest(expected));
  }
}

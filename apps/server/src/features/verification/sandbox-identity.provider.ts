import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  headerValue,
  type IdentityEvent,
  type IdentityProvider,
  type StartSessionRequest,
  type StartedSession,
  type WebhookRequest,
} from './identity-provider.ts';
import {
  verifySandboxSignature,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxBody,
} from '../../platform/http/sandbox-signature.ts';

export const SANDBOX_OUTCOMES = ['approved', 'rejected'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** The sandbox's webhook body, shaped like a real provider's event. */
const sandboxEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['verification.approved', 'verification.rejected']),
  created: z.number().int(),
  data: z.object({ session_id: z.string().min(1).max(200) }),
});
export type SandboxEvent = z.infer<typeof sandboxEvent>;

export const sandboxPagePath = (sessionId: string) => `/sandbox/identity/${sessionId}`;

/**
 * The built-in identity provider (API.md "Sandbox providers"): its page on our own server asks
 * a person to Approve or Reject, and completing it sends this provider's signed webhook.
 */
export class SandboxIdentityProvider implements IdentityProvider {
  readonly name = 'sandbox';

  constructor(private readonly secret: string) {}

  async startSession(request: StartSessionRequest): Promise<StartedSession> {
    // The sandbox knows the check by our own session id, as a provider's external reference.
    return { redirectUrl: sandboxPagePath(request.sessionId), providerRef: request.sessionId };
  }

  /** The signed webhook a completed sandbox page sends: body and headers. */
  signedEvent(sessionId: string, outcome: SandboxOutcome): { body: string; signature: string } {
    const event: SandboxEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: `verification.${outcome}`,
      created: Math.floor(Date.now() / 1000),
      data: { session_id: sessionId },
    };
    const body = JSON.stringify(event);
    return { body, signature: signSandboxBody(this.secret, body) };
  }

  parseWebhook(request: WebhookRequest): IdentityEvent {
    const signature = headerValue(request.headers, SANDBOX_SIGNATURE_HEADER);
    if (!verifySandboxSignature(this.secret, request.rawBody, signature))
      throw new AppError('webhook_signature_invalid');
    const parsed = sandboxEvent.safeParse(parseJson(request.rawBody));
    // Signed but unreadable: a bug on the sending side, never a reason to apply anything.
    if (!parsed.success) throw new AppError('validation_failed');
    const event = parsed.data;
    return {
      eventId: event.id,
      providerRef: event.data.session_id,
      outcome: event.type === 'verification.approved' ? 'approved' : 'rejected',
    };
  }
}

export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * An identity provider behind one shape: the built-in sandbox (default) or Ondato. The service
 * never trusts the browser about an outcome; only `parseWebhook` of a verified request moves a
 * check, so a provider is exactly these two calls.
 */
export interface IdentityProvider {
  /** The name in `POST /api/verification/webhook/{provider}` and in the sessions table. */
  readonly name: string;
  /** Opens a check for one of our sessions; the person is sent to `redirectUrl`. */
  startSession(request: StartSessionRequest): Promise<StartedSession>;
  /**
   * Authenticates a webhook (signature or credentials) and reads it. Throws
   * `webhook_signature_invalid` when it is not the provider's own request.
   */
  parseWebhook(request: WebhookRequest): IdentityEvent;
}

export interface StartSessionRequest {
  /** Our session id: sent to the provider as its external reference. */
  sessionId: string;
  userId: number;
  /** A path of this app to come back to. */
  returnTo: string;
}

export interface StartedSession {
  redirectUrl: string;
  /** The provider's own id of the check; webhooks name it. */
  providerRef: string;
}

export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A webhook, read: `outcome` null for events that decide nothing (a check was opened, a form
 * was filled), which are acknowledged and recorded but change nothing.
 */
export interface IdentityEvent {
  eventId: string;
  providerRef: string | null;
  outcome: 'approved' | 'rejected' | null;
}

export function headerValue(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

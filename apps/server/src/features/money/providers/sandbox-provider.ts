import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentEvent,
  PaymentProvider,
  PayoutRequest,
} from './payment-provider.ts';
import { WebhookSignatureError } from './payment-provider.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxBody,
  verifySandboxSignature,
} from '../../../platform/http/sandbox-signature.ts';

/**
 * The built-in provider (API.md "Sandbox providers"): its checkout is a page on our own server
 * (sandbox-pages.routes.ts) and its webhooks are signed and sent to our webhook over HTTP, exactly as
 * an outside provider's would be. Nothing here credits a wallet; only the webhook does.
 */

export const SANDBOX_PAGE_PREFIX = '/sandbox/payments';

const cents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const ref = z.string().min(1).max(200);
/** The sandbox's webhook body: `{ id, type, created, data }`, like a real provider's. */
const sandboxEvent = z.discriminatedUnion('type', [
  z.object({
    id: ref,
    type: z.literal('payment.succeeded'),
    data: z.object({ checkout_id: ref, amount_cents: cents }),
  }),
  z.object({ id: ref, type: z.literal('payment.failed'), data: z.object({ checkout_id: ref }) }),
  z.object({
    id: ref,
    type: z.literal('refund'),
    data: z.object({ checkout_id: ref, total_refunded_cents: cents }),
  }),
  z.object({
    id: ref,
    type: z.literal('chargeback'),
    data: z.object({ checkout_id: ref, amount_cents: cents }),
  }),
  z.object({ id: ref, type: z.literal('payout.paid'), data: z.object({ payout_id: ref }) }),
  z.object({ id: ref, type: z.literal('payout.failed'), data: z.object({ payout_id: ref }) }),
]);
export type SandboxWireEvent = z.infer<typeof sandboxEvent>;

function normalize(wire: SandboxWireEvent): PaymentEvent {
  switch (wire.type) {
    case 'payment.succeeded':
      return {
        type: wire.type,
        eventId: wire.id,
        checkoutId: wire.data.checkout_id,
        amountCents: wire.data.amount_cents,
      };
    case 'payment.failed':
      return { type: wire.type, eventId: wire.id, checkoutId: wire.data.checkout_id };
    case 'refund':
      return {
        type: wire.type,
        eventId: wire.id,
        checkoutId: wire.data.checkout_id,
        totalRefundedCents: wire.data.total_refunded_cents,
      };
    case 'chargeback':
      return {
        type: wire.type,
        eventId: wire.id,
        checkoutId: wire.data.checkout_id,
        amountCents: wire.data.amount_cents,
      };
    case 'payout.paid':
    case 'payout.failed':
      return { type: wire.type, eventId: wire.id, payoutId: wire.data.payout_id };
  }
}

/** Sends one signed webhook body to our own webhook; throws unless it was accepted. */
export type SandboxWebhookSender = (body: string, signature: string) => Promise<void>;

export interface SandboxProviderOptions {
  secret: string;
  payoutOutcome: 'paid' | 'failed';
  send: SandboxWebhookSender;
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly supportsPayouts = true;
  /** Creators give an IBAN and BIC (checked, stored sealed); the sandbox pays nowhere real. */
  readonly payoutMethodKind = 'bank_account';

  constructor(private readonly options: SandboxProviderOptions) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return {
      redirectUrl: `${SANDBOX_PAGE_PREFIX}/${request.checkoutId}`,
      providerRef: request.checkoutId,
    };
  }

  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent[] {
    if (!verifySandboxSignature(this.options.secret, rawBody, headers[SANDBOX_SIGNATURE_HEADER]))
      throw new WebhookSignatureError('sandbox signature does not verify');
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return [];
    }
    const parsed = sandboxEvent.safeParse(json);
    return parsed.success ? [normalize(parsed.data)] : [];
  }

  /** The sandbox settles a payout at once, by webhook, as SANDBOX_PAYOUT_OUTCOME says. */
  async startPayout(request: PayoutRequest): Promise<{ providerRef: string }> {
    const type = this.options.payoutOutcome === 'paid' ? 'payout.paid' : 'payout.failed';
    await this.sendEvent({
      id: `evt_${request.payoutId}_${type}`,
      type,
      data: { payout_id: request.payoutId },
    });
    return { providerRef: request.payoutId };
  }

  /** Signs and delivers one event (also used by the checkout page's Pay and Fail). */
  async sendEvent(event: SandboxWireEvent): Promise<void> {
    const body = JSON.stringify({ ...event, created: Math.floor(Date.now() / 1000) });
    await this.options.send(body, signSandboxBody(this.options.secret, body));
  }
}

/** An unguessable public id: the sandbox page is reachable by it alone. */
export function newPublicId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

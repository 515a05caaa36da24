import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentEvent,
  PaymentProvider,
  PayoutOnboarding,
} from './payment-provider.ts';
import { WebhookSignatureError } from './payment-provider.ts';
import { withTopUpOutcome } from './return-path.ts';

/**
 * Stripe Checkout (PAYMENTS_PROVIDER=stripe). A top-up is a Checkout Session in payment mode
 * carrying our checkout id in its metadata (and its PaymentIntent's, so refunds and disputes
 * find it too); webhooks are verified by the official library on the raw bytes.
 *
 * Where creators' payouts go is a Connect Express account each: we make it and send the creator
 * to Stripe's onboarding (`payoutOnboarding`); account.updated says when it can be paid. Moving
 * earnings to those accounts (transfers) is not built yet: with Stripe, payout requests are
 * refused (`supportsPayouts: false`).
 */

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** PUBLIC_URL: Stripe sends the browser back to an absolute URL. */
  publicUrl: string;
  /** Tests: a client that never reaches the network. */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
}

type Loose = Record<string, unknown>;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;
const int = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
/** An expandable field: an id, or the expanded object with its id. */
const idOf = (value: unknown): string | undefined =>
  str(value) ?? (value && typeof value === 'object' ? str((value as Loose).id) : undefined);

/** Stripe's event as our normalized events; types we do not use give none. */
export function normalizeStripeEvent(event: Stripe.Event): PaymentEvent[] {
  const object = event.data.object as unknown as Loose;
  const metadata = (object.metadata ?? {}) as Loose;
  const checkoutId = str(metadata.checkout_id);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // A delayed method (bank debit) completes the session unpaid; its money comes later.
      const amountCents = int(object.amount_total);
      if (object.payment_status !== 'paid' || !checkoutId || !amountCents) return [];
      return [
        {
          type: 'payment.succeeded',
          eventId: event.id,
          checkoutId,
          paymentRef: idOf(object.payment_intent),
          amountCents,
        },
      ];
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return checkoutId ? [{ type: 'payment.failed', eventId: event.id, checkoutId }] : [];
    case 'charge.refunded': {
      const total = int(object.amount_refunded);
      const paymentRef = idOf(object.payment_intent);
      if (!total || (!paymentRef && !checkoutId)) return [];
      return [
        { type: 'refund', eventId: event.id, checkoutId, paymentRef, totalRefundedCents: total },
      ];
    }
    case 'charge.dispute.created': {
      const amountCents = int(object.amount);
      const paymentRef = idOf(object.payment_intent);
      if (!amountCents || (!paymentRef && !checkoutId)) return [];
      return [{ type: 'chargeback', eventId: event.id, checkoutId, paymentRef, amountCents }];
    }
    case 'account.updated': {
      // A creator's Connect account; ours carry our user id in their metadata.
      const accountId = str(object.id);
      if (!accountId) return [];
      const userId = Number(str(metadata.user_id));
      return [
        {
          type: 'payout_account.updated',
          eventId: event.id,
          accountId,
          userId: Number.isSafeInteger(userId) && userId > 0 ? userId : undefined,
          payoutsEnabled: object.payouts_enabled === true,
        },
      ];
    }
    default:
      return [];
  }
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly supportsPayouts = false;
  readonly payoutMethodKind = 'stripe_connect';
  private readonly stripe: Stripe;

  readonly payoutOnboarding: PayoutOnboarding = {
    createAccount: async ({ userId, email }) => {
      const account = await this.stripe.accounts.create(
        {
          type: 'express',
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { user_id: String(userId) },
        },
        // Two clicks at once make one account (Stripe keeps a key for 24 hours; after that
        // the stored stripe_account_id is reused instead).
        { idempotencyKey: `connect-account-${userId}` },
      );
      return { accountId: account.id };
    },
    createLink: async ({ accountId, returnUrl, refreshUrl }) => {
      const link = await this.stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return { url: link.url };
    },
  };

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const back = (outcome: 'success' | 'fail') =>
      `${this.options.publicUrl}${withTopUpOutcome(request.returnTo, outcome)}`;
    const metadata = { checkout_id: request.checkoutId };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountCents,
              product_data: { name: 'Wallet top-up' },
            },
          },
        ],
        client_reference_id: String(request.userId),
        metadata,
        payment_intent_data: { metadata },
        success_url: back('success'),
        cancel_url: back('fail'),
      },
      // Our checkout id: a retried create answers the same session.
      { idempotencyKey: `checkout-${request.checkoutId}` },
    );
    if (!session.url) throw new Error(`Stripe session ${session.id} has no url`);
    return { redirectUrl: session.url, providerRef: session.id };
  }

  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent[] {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string') throw new WebhookSignatureError('no Stripe-Signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
    }
    return normalizeStripeEvent(event);
  }

  async startPayout(): Promise<{ providerRef: string }> {
    throw new Error('Stripe payouts need Connect accounts, which are not set up');
  }
}

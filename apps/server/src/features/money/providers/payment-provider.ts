import type { PayoutMethod } from '@glimpse/contract';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * One interface for every payment provider (sandbox by default, Stripe with
 * PAYMENTS_PROVIDER=stripe). The rest of the app only sees normalized events: what happened
 * to which of our checkouts or payouts, with the provider's event id for de-duplication.
 */

export interface CheckoutRequest {
  /** Our checkout's public id; the provider keeps it (metadata) and echoes it in events. */
  checkoutId: string;
  userId: number;
  amountCents: number;
  currency: string;
  /** Path of this app to come back to; the provider appends `top_up=success|fail`. */
  returnTo: string;
}

export interface CheckoutSession {
  /** Where the browser goes to pay: an absolute path (sandbox) or the provider's page. */
  redirectUrl: string;
  /** The provider's id of the checkout (Stripe: the Checkout Session id). */
  providerRef: string;
}

export interface PayoutRequest {
  /** Our payout's public id. */
  payoutId: string;
  userId: number;
  amountCents: number;
  currency: string;
}

/**
 * A provider event, normalized. `ref` names our object: a checkout (`checkoutId`, our public
 * id) or, for events that only know the provider's payment (a Stripe refund), `paymentRef`.
 */
export type PaymentEvent =
  | {
      type: 'payment.succeeded';
      eventId: string;
      checkoutId: string;
      /** The provider's payment behind the checkout, when it has one (Stripe PaymentIntent). */
      paymentRef?: string | undefined;
      amountCents: number;
    }
  | { type: 'payment.failed'; eventId: string; checkoutId: string }
  | {
      /**
       * Money returned to the payer. `totalRefundedCents`: everything refunded on this payment so
       * far (providers report the running total), so a repeat or reorder never refunds twice.
       */
      type: 'refund';
      eventId: string;
      checkoutId?: string | undefined;
      paymentRef?: string | undefined;
      totalRefundedCents: number;
    }
  | {
      type: 'chargeback';
      eventId: string;
      checkoutId?: string | undefined;
      paymentRef?: string | undefined;
      amountCents: number;
    }
  | { type: 'payout.paid'; eventId: string; payoutId: string }
  | { type: 'payout.failed'; eventId: string; payoutId: string }
  | {
      /** The provider's word on a creator's payout account (Stripe: account.updated). */
      type: 'payout_account.updated';
      eventId: string;
      accountId: string;
      /** Ours, when the provider kept it with the account (Stripe: metadata.user_id). */
      userId?: number | undefined;
      payoutsEnabled: boolean;
    };

export type PaymentEventType = PaymentEvent['type'];

/** A webhook whose signature or timestamp does not verify: answered 400, nothing applied. */
export class WebhookSignatureError extends Error {}

/** Where this provider pays creators: a bank account they give us, or its own onboarding. */
export type PayoutMethodKind = PayoutMethod['kind'];

/** A provider that keeps creators' payout details itself (Stripe Connect Express). */
export interface PayoutOnboarding {
  /** Makes the creator's account at the provider; a retry for the same creator makes no second. */
  createAccount(request: { userId: number; email: string }): Promise<{ accountId: string }>;
  /** A short-lived page of the provider's where the creator fills the account in. */
  createLink(request: {
    accountId: string;
    /** Where the provider sends the browser when done, and when the link has expired. */
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
}

export interface PaymentProvider {
  readonly name: string;
  readonly payoutMethodKind: PayoutMethodKind;
  /** Present when payout details are given at the provider (`payoutMethodKind` stripe_connect). */
  readonly payoutOnboarding?: PayoutOnboarding | undefined;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies the webhook against the exact bytes received and returns its events (none for an
   * event type we do not use). Throws WebhookSignatureError for a bad or stale signature.
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent[];
  /** False when the provider cannot pay creators out (payout requests answer 400). */
  readonly supportsPayouts: boolean;
  /** Hands a payout to the provider; its outcome arrives as payout.paid / payout.failed. */
  startPayout(request: PayoutRequest): Promise<{ providerRef: string }>;
}

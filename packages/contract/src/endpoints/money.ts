import { z } from 'zod';
import { idParam, successBody } from '../schemas/common.ts';
import {
  payoutBody,
  payoutSchema,
  providerParam,
  redirectResponse,
  topUpBody,
  verificationCheckSchema,
  verificationStartBody,
  webhookResponse,
} from '../schemas/payments.ts';
import {
  purchaseResponse,
  subscribeBody,
  subscriberSchema,
  subscriptionStateSchema,
  tipBody,
  tipRequestSchema,
  unlockResponse,
} from '../schemas/purchases.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

/**
 * Every endpoint that moves money or gates earning. Paying endpoints (`unlockStory`, `sendTip`,
 * `payTipRequest`, `subscribe`, `buyDirectMessage`, `topUp`, `requestPayout`) take an
 * `Idempotency-Key` header: a retry with the same key answers the first answer again.
 */
const paying = ['idempotency_key_required', 'idempotency_mismatch', 'email_not_verified'] as const;

export const moneyEndpoints = {
  topUp: defineEndpoint(r.topUp, {
    body: topUpBody,
    response: redirectResponse,
    errors: [...paying],
  }),
  requestPayout: defineEndpoint(r.requestPayout, {
    body: payoutBody,
    status: 201,
    response: payoutSchema,
    errors: [
      ...paying,
      'verification_required',
      'payout_unavailable',
      'payout_method_required',
      'second_factor_required',
    ],
  }),
  payouts: defineEndpoint(r.payouts, { response: z.array(payoutSchema) }),
  /** The body is the provider's own event, verified against its signature before it is read. */
  paymentWebhook: defineEndpoint(r.paymentWebhook, {
    params: providerParam,
    response: webhookResponse,
    errors: ['provider_not_found', 'webhook_signature_invalid'],
  }),

  unlockStory: defineEndpoint(r.unlockStory, {
    params: idParam,
    response: unlockResponse,
    errors: [...paying, 'story_not_found', 'story_not_for_sale'],
  }),
  sendTip: defineEndpoint(r.sendTip, {
    body: tipBody,
    response: successBody,
    errors: [
      ...paying,
      'insufficient_funds',
      'invalid_tip',
      'tip_target_not_verified',
      'verification_required',
      'user_not_found',
      'story_not_found',
    ],
  }),
  tipRequests: defineEndpoint(r.tipRequests, { response: z.array(tipRequestSchema) }),
  payTipRequest: defineEndpoint(r.payTipRequest, {
    params: idParam,
    response: successBody,
    errors: [...paying, 'insufficient_funds', 'tip_request_not_found'],
  }),
  declineTipRequest: defineEndpoint(r.declineTipRequest, {
    params: idParam,
    status: 204,
    errors: ['tip_request_not_found'],
  }),

  subscribe: defineEndpoint(r.subscribe, {
    params: idParam,
    body: subscribeBody,
    response: purchaseResponse,
    errors: [
      ...paying,
      'user_not_found',
      'user_blocked',
      'subscription_not_offered',
      'cannot_pay_self',
    ],
  }),
  cancelSubscription: defineEndpoint(r.cancelSubscription, {
    params: idParam,
    response: subscriptionStateSchema,
    errors: ['user_not_found'],
  }),
  subscription: defineEndpoint(r.subscription, {
    params: idParam,
    response: subscriptionStateSchema,
    errors: ['user_not_found'],
  }),
  subscribers: defineEndpoint(r.subscribers, { response: z.array(subscriberSchema) }),
  buyDirectMessage: defineEndpoint(r.buyDirectMessage, {
    params: idParam,
    response: purchaseResponse,
    errors: [...paying, 'user_not_found', 'direct_message_not_offered', 'cannot_pay_self'],
  }),

  startVerification: defineEndpoint(r.startVerification, {
    body: verificationStartBody,
    response: redirectResponse,
    /** Earning needs a confirmed address, so the identity check that opens it does too. */
    errors: ['email_not_verified'],
  }),
  checkVerification: defineEndpoint(r.checkVerification, { response: verificationCheckSchema }),
  verificationWebhook: defineEndpoint(r.verificationWebhook, {
    params: providerParam,
    response: webhookResponse,
    errors: ['provider_not_found', 'webhook_signature_invalid'],
  }),
};

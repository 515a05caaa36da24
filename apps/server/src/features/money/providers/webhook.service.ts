import type { IncomingHttpHeaders } from 'node:http';
import { fromCents } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { inTransaction, type EffectQueue } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { accounts } from '../ledger/ledger-accounts.ts';
import { topUpLegs } from '../ledger/ledger-rules.ts';
import { balanceCents, transfer } from '../ledger/ledger.service.ts';
import * as checkouts from './checkouts.repository.ts';
import * as events from './payment-events.repository.ts';
import { WebhookSignatureError, type PaymentEvent } from './payment-provider.ts';
import * as payouts from './payouts.repository.ts';
import { payoutAccountUpdated } from './payout-method.service.ts';
import { settlePayout } from './payouts.service.ts';
import { providerNamed } from './providers.ts';
import { clawBack } from './refunds.ts';

/**
 * POST /api/payments/webhook/:provider. Each event is applied in its own transaction with its
 * claim in payment_events, so an event is applied exactly once however often it is delivered.
 * Order does not matter: events about one checkout are serialized by its row lock, a refund or
 * chargeback that arrives before its payment succeeded is kept (`deferred`) and applied right
 * after the payment, and a payment success after a failure still credits (the money arrived).
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'log' | 'mediaSigner'>;

export async function receiveWebhook(
  ctx: Ctx,
  providerName: string,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): Promise<void> {
  const provider = providerNamed(ctx, providerName);
  if (!provider) throw new AppError('provider_not_found');
  let parsed: PaymentEvent[];
  try {
    parsed = provider.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError('webhook_signature_invalid');
    throw error;
  }
  for (const event of parsed) await applyEvent(ctx, provider.name, event);
}

/** The object an event is about, as stored with it (deferred events are found by it). */
function refOf(event: PaymentEvent): string {
  if ('payoutId' in event) return event.payoutId;
  if ('accountId' in event) return event.accountId;
  if (event.checkoutId) return event.checkoutId;
  return ('paymentRef' in event && event.paymentRef) || '';
}

export async function applyEvent(ctx: Ctx, provider: string, event: PaymentEvent): Promise<void> {
  await inTransaction(ctx.db, async (tx, effects) => {
    if (!(await events.claimEvent(tx, provider, refOf(event), event))) return;
    const state = await dispatch(ctx, tx, effects, provider, event);
    if (state !== 'applied') await events.setState(tx, provider, event.eventId, state);
    if (state === 'ignored')
      ctx.log.warn({ provider, eventId: event.eventId, type: event.type }, 'payment event ignored');
  });
}

async function dispatch(
  ctx: Ctx,
  tx: Tx,
  effects: EffectQueue,
  provider: string,
  event: PaymentEvent,
): Promise<events.PaymentEventState> {
  switch (event.type) {
    case 'payment.succeeded':
      return paymentSucceeded(ctx, tx, effects, provider, event);
    case 'payment.failed': {
      const checkout = await checkouts.lockCheckout(tx, provider, event);
      if (!checkout || checkout.status !== 'pending') return 'ignored';
      await checkouts.markFailed(tx, checkout.id);
      return 'applied';
    }
    case 'refund':
    case 'chargeback': {
      const checkout = await checkouts.lockCheckout(tx, provider, event);
      // Not paid yet (or not known yet): remembered until its payment succeeds.
      if (!checkout || checkout.status !== 'paid') return 'deferred';
      await applyReversal(ctx, tx, effects, provider, checkout, event);
      return 'applied';
    }
    case 'payout.paid':
    case 'payout.failed': {
      const payout = await payouts.lockPayoutByPublicId(tx, provider, event.payoutId);
      if (!payout) return 'ignored';
      const outcome = event.type === 'payout.paid' ? 'paid' : 'failed';
      return (await settlePayout(ctx, tx, effects, payout, outcome)) ? 'applied' : 'ignored';
    }
    case 'payout_account.updated':
      return (await payoutAccountUpdated(tx, event)) ? 'applied' : 'ignored';
  }
}

async function emitBalance(ctx: Ctx, tx: Tx, effects: EffectQueue, userId: number) {
  const balance = await balanceCents({ db: tx, config: ctx.config }, accounts.wallet(userId));
  effects.emitToUser(userId, 'wallet.updated', { balance: fromCents(balance) });
}

async function paymentSucceeded(
  ctx: Ctx,
  tx: Tx,
  effects: EffectQueue,
  provider: string,
  event: Extract<PaymentEvent, { type: 'payment.succeeded' }>,
): Promise<events.PaymentEventState> {
  const checkout = await checkouts.lockCheckout(tx, provider, event);
  // Another event for the same payment (Stripe: completed, then async_payment_succeeded).
  if (!checkout || checkout.status === 'paid') return 'ignored';
  if (event.amountCents !== checkout.amountCents) {
    ctx.log.error(
      { provider, eventId: event.eventId, expected: checkout.amountCents, got: event.amountCents },
      'payment amount does not match its checkout: not credited',
    );
    return 'ignored';
  }
  const receipt = await transfer(
    { db: tx, config: ctx.config },
    {
      kind: 'top_up',
      initiatorId: null,
      // Per checkout, not per event: one checkout credits once whatever the provider sends.
      idempotencyKey: `top_up:${provider}:${checkout.publicId}`,
      legs: topUpLegs(checkout.userId, checkout.amountCents),
      memo: { provider, providerRef: checkout.publicId },
    },
  );
  await checkouts.markPaid(tx, checkout.id, receipt.transferId, event.paymentRef);
  const paid = {
    ...checkout,
    status: 'paid' as const,
    topUpTransferId: receipt.transferId,
    paymentRef: event.paymentRef ?? checkout.paymentRef,
  };
  const refs = [paid.publicId, ...(paid.paymentRef ? [paid.paymentRef] : [])];
  for (const waiting of await events.deferredFor(tx, provider, refs)) {
    if (waiting.type !== 'refund' && waiting.type !== 'chargeback') continue;
    const current = (await checkouts.lockCheckout(tx, provider, { checkoutId: paid.publicId }))!;
    await applyReversal(ctx, tx, effects, provider, current, waiting);
    await events.setState(tx, provider, waiting.eventId, 'applied');
  }
  await emitBalance(ctx, tx, effects, checkout.userId);
  return 'applied';
}

/**
 * A refund reports the running total refunded, a chargeback one disputed amount: either way
 * only what goes beyond what was already reversed is taken back, at most the top-up itself.
 */
async function applyReversal(
  ctx: Ctx,
  tx: Tx,
  effects: EffectQueue,
  provider: string,
  checkout: checkouts.CheckoutRow,
  event: Extract<PaymentEvent, { type: 'refund' | 'chargeback' }>,
): Promise<void> {
  const target =
    event.type === 'refund' ? event.totalRefundedCents : checkout.reversedCents + event.amountCents;
  const amountCents = Math.min(target, checkout.amountCents) - checkout.reversedCents;
  if (amountCents <= 0) return;
  const result = await clawBack(
    { tx, config: ctx.config, provider, eventId: event.eventId },
    checkout,
    amountCents,
    event.type,
  );
  await checkouts.addReversal(tx, checkout.id, amountCents, result.unrecoveredCents);
  // What was taken back may have been a subscription or a stream entry: rooms judged again.
  effects.recheckRoomAccess({ userIds: [checkout.userId] });
  if (result.unrecoveredCents > 0)
    ctx.log.warn(
      { provider, eventId: event.eventId, unrecoveredCents: result.unrecoveredCents },
      'refund not fully recoverable: absorbed by the platform',
    );
  await emitBalance(ctx, tx, effects, checkout.userId);
}

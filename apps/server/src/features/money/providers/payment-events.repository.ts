import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentEvents, type PAYMENT_EVENT_STATES } from '../../../db/schema/index.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { PaymentEvent } from './payment-provider.ts';

export type PaymentEventState = (typeof PAYMENT_EVENT_STATES)[number];

/**
 * Claims the event id: false when this provider's event was received before (a repeat, which
 * is acknowledged and not applied again). A concurrent delivery of the same event waits here
 * for the first one's transaction.
 */
export async function claimEvent(
  tx: Tx,
  provider: string,
  ref: string,
  event: PaymentEvent,
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ provider, eventId: event.eventId, type: event.type, ref, event, state: 'applied' })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

export async function setState(
  tx: Tx,
  provider: string,
  eventId: string,
  state: PaymentEventState,
): Promise<void> {
  await tx
    .update(paymentEvents)
    .set({ state, appliedAt: state === 'applied' ? sql`now()` : null })
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
}

/** Events that waited for one of these references, in the order they arrived. */
export async function deferredFor(
  tx: Tx,
  provider: string,
  refs: string[],
): Promise<PaymentEvent[]> {
  const rows = await tx
    .select({ event: paymentEvents.event })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.provider, provider),
        eq(paymentEvents.state, 'deferred'),
        inArray(paymentEvents.ref, refs),
      ),
    )
    .orderBy(paymentEvents.receivedAt, paymentEvents.eventId);
  return rows.map((row) => row.event as PaymentEvent);
}

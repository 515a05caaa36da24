import { and, eq, gt, sql } from 'drizzle-orm';
import { notifications, subscriptions } from '../../../db/schema/index.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { PeriodicTask } from '../../../platform/queue/periodic-task.ts';
import { notify } from '../../notifications/index.ts';

/** How many days before a subscription that will not renew ends its subscriber is told. */
export const SUBSCRIPTION_ENDING_NOTICE_DAYS = 3;
const BATCH = 200;

const noticeKey = (periodId: number) => `subscription_ending:${periodId}`;

/**
 * Periods ending within the notice days that will not renew and are not followed by a later
 * period of the pair (bought ahead), whose subscriber was not told yet; in id order after
 * `afterId` (a subscriber who turned the type off stays a candidate, so paging moves on by id).
 */
async function endingPeriods(db: DbOrTx, afterId: number) {
  const later = sql`exists (select 1 from ${subscriptions} as later where later.subscriber_id = ${subscriptions.subscriberId} and later.creator_id = ${subscriptions.creatorId} and later.expires_at > ${subscriptions.expiresAt})`;
  const told = sql`exists (select 1 from ${notifications} where ${notifications.userId} = ${subscriptions.subscriberId} and ${notifications.dedupeKey} = 'subscription_ending:' || ${subscriptions.id})`;
  return db
    .select({
      id: subscriptions.id,
      subscriberId: subscriptions.subscriberId,
      creatorId: subscriptions.creatorId,
      expiresAt: subscriptions.expiresAt,
    })
    .from(subscriptions)
    .where(
      and(
        gt(subscriptions.id, afterId),
        eq(subscriptions.renews, false),
        sql`${subscriptions.settledAt} is null`,
        sql`${subscriptions.expiresAt} > now()`,
        sql`${subscriptions.expiresAt} <= now() + make_interval(days => ${SUBSCRIPTION_ENDING_NOTICE_DAYS})`,
        sql`not ${later}`,
        sql`not ${told}`,
      ),
    )
    .orderBy(subscriptions.id)
    .limit(BATCH);
}

/**
 * Tells each subscriber whose subscription ends within SUBSCRIPTION_ENDING_NOTICE_DAYS and will
 * not renew, once per period (the dedupeKey names the period). The actor is the creator: the
 * line names them and opens their profile to subscribe again (a muted creator stays quiet).
 * Answers how many lines were written.
 */
export async function noticeEndingSubscriptions(ctx: AppContext): Promise<number> {
  let written = 0;
  let afterId = 0;
  for (;;) {
    const periods = await endingPeriods(ctx.db, afterId);
    for (const period of periods) {
      const id = await inTransaction(ctx.db, (tx, effects) =>
        notify(ctx, tx, effects, {
          userId: period.subscriberId,
          type: 'subscription_ending',
          actorId: period.creatorId,
          subject: { kind: 'user', id: period.creatorId },
          data: { expires_at: period.expiresAt.toISOString() },
          dedupeKey: noticeKey(period.id),
        }),
      );
      if (id !== null) written += 1;
    }
    if (periods.length < BATCH) return written;
    afterId = periods.at(-1)!.id;
  }
}

/**
 * Runs the notice sweep on worker nodes. Hourly rather than daily: a node restarted more often
 * than once a day would otherwise never run it; a period is told once whatever the rate.
 */
export class SubscriptionEndingNotifier extends PeriodicTask {
  constructor(ctx: AppContext) {
    super(ctx.log, 'subscription ending notices', 60 * 60_000, () =>
      noticeEndingSubscriptions(ctx),
    );
  }
}

import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  ONLINE_WINDOW_SECONDS,
  type AppNotification,
  type NotificationType,
} from '@glimpse/contract';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { inTransaction, type EffectQueue } from '../../platform/db/transaction.ts';
import { jobIdFor } from '../../platform/queue/job-id.ts';
import type { JobPayloads } from '../../platform/queue/job-runner.ts';
import type { EventPayload } from '../../platform/realtime/realtime-emitter.ts';
import { subjectPath } from './notification-links.ts';

/** What a creator did that their whole audience hears of. */
export interface AudienceEvent {
  type: Extract<NotificationType, 'story_posted' | 'stream_started'>;
  creatorId: number;
  subject: { kind: string; id: number | string };
  data?: Record<string, string | number | boolean>;
  /** Names the event ("story:812"): unique per recipient, so a retried batch writes nothing. */
  dedupeKey: string;
}

export type FanOutPayload = JobPayloads['notifications.fan-out'];

/**
 * How the fan-out job works through an audience: `batchSize` recipients (by user id) per
 * transaction, and batches in one run until `runBudgetMs` has passed, then it queues itself for
 * the rest (so one large audience never holds a worker for long). Tests lower both.
 */
export const FAN_OUT = { batchSize: 2_000, runBudgetMs: 2_000 };
const EMITS_PER_TURN = 250;
/**
 * Who counts as maybe online for a live update: last seen by a socket within the online window
 * (ONLINE_WINDOW_SECONDS; presence refreshes every minute while connected) and a margin.
 */
const MAYBE_ONLINE_SECONDS = ONLINE_WINDOW_SECONDS + 60;

/**
 * The job's id for one step of one event: queuing the same step twice (the posting request
 * retried, a batch's transaction replayed) is a no-op for the queue.
 */
function stepJobId(payload: Pick<FanOutPayload, 'creatorId' | 'dedupeKey' | 'afterUserId'>) {
  return jobIdFor('fan-out', payload.creatorId, payload.dedupeKey, payload.afterUserId);
}

/**
 * Notifies a creator's followers and active subscribers of a story or a stream: inside the
 * caller's transaction it only queues the fan-out job (through the outbox), so the posting
 * request's time does not grow with the audience; the job writes the lines in batches.
 */
export function fanOutToAudience(_tx: DbOrTx, effects: EffectQueue, event: AudienceEvent): void {
  const payload: FanOutPayload = { ...event, data: event.data ?? {}, afterUserId: 0 };
  effects.enqueue('notifications.fan-out', payload, { id: stepJobId(payload) });
}

type Written = {
  id: number;
  user_id: number;
  in_app: boolean;
  email_due: 'immediate' | 'digest' | null;
  push: boolean;
  at_ms: number;
  /**
   * The recipient's unread in-app lines with this one (counted in the same statement), for a
   * recipient who may have a tab open; null for the others, who get no live update.
   */
  unread: number | null;
};

/**
 * The next batch of the audience after `afterUserId`, by user id (followers ∪ subscribers).
 * Each side is cut to the batch before the union: the union's first `limit` ids are among each
 * side's first `limit`, and deduplicating the whole remaining audience every batch made the
 * fan-out quadratic.
 */
async function audienceAfter(
  db: DbOrTx,
  creatorId: number,
  afterUserId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db.execute<{ user_id: number }>(sql`
    select user_id from (
      (select follower_id as user_id from follows
       where creator_id = ${creatorId} and follower_id > ${afterUserId}
       order by follower_id limit ${limit})
      union
      (select subscriber_id from subscriptions
       where creator_id = ${creatorId} and subscriber_id > ${afterUserId} and expires_at > now()
       order by subscriber_id limit ${limit})
    ) audience
    order by user_id
    limit ${limit}`);
  return rows.rows.map((row) => Number(row.user_id));
}

/**
 * One INSERT ... SELECT for a batch: leaves out the creator, accounts being deleted, anyone
 * blocked either way or who muted the creator, and anyone whose preference turns every channel
 * off for the type; ON CONFLICT DO NOTHING on (user_id, dedupe_key) so a replayed batch writes
 * nothing twice. Answers the lines written that need something once it commits (a live update
 * for a recipient who may have a tab open, a push, an immediate email), with whether each
 * recipient wants it pushed (and has a browser to push to). An offline audience's lines stay in
 * the database: parsing 2,000 rows per batch only to drop them held up the node's requests.
 */
async function writeBatch(db: DbOrTx, event: FanOutPayload, userIds: number[]): Promise<Written[]> {
  const d = DEFAULT_NOTIFICATION_PREFERENCES[event.type];
  const c = event.creatorId;
  const rows = await db.execute<Written>(sql`
    with recipients as (
      select u.id as user_id,
        coalesce(p.in_app, ${d.in_app}) as in_app,
        coalesce(p.push, ${d.push}) as push,
        coalesce(p.email, ${d.email}) as email,
        -- Seen by a socket lately (presence refreshes last_seen_at every minute while one is
        -- connected): only they may have a tab to update live.
        coalesce(u.last_seen_at > now() - make_interval(secs => ${MAYBE_ONLINE_SECONDS}), false)
          as maybe_online
      from users u
      left join notification_preferences p on p.user_id = u.id and p.type = ${event.type}
      where u.id = any(${`{${userIds.join(',')}}`}::int[])
        and u.id <> ${c}
        and u.deletion_requested_at is null
        and u.suspended_at is null
        -- A suspended creator's posts and streams notify nobody (issue 29).
        and not exists (select 1 from users a where a.id = ${c} and a.suspended_at is not null)
        and not exists (select 1 from user_blocks b
          where (b.blocker_id = u.id and b.blocked_id = ${c})
             or (b.blocker_id = ${c} and b.blocked_id = u.id))
        and not exists (select 1 from notification_mutes m
          where m.user_id = u.id and m.creator_id = ${c})
    ), written as (
      insert into notifications (user_id, type, actor_id, subject, data, dedupe_key, in_app, email_due)
      select user_id, ${event.type}, ${c}, ${JSON.stringify(event.subject)}::jsonb,
        ${JSON.stringify(event.data)}::jsonb, ${event.dedupeKey}, in_app,
        case when email = 'off' then null else email end
      from recipients
      where in_app or push or email <> 'off'
      on conflict (user_id, dedupe_key) do nothing
      returning id, user_id, in_app, email_due, created_at
    )
    select w.id, w.user_id, w.in_app, w.email_due,
      r.push and exists (select 1 from push_subscriptions s where s.user_id = w.user_id) as push,
      (extract(epoch from w.created_at) * 1000)::float8 as at_ms,
      -- The statement's snapshot does not see the rows it inserts: this line is the + 1.
      case when r.maybe_online then (select count(*) from notifications n
        where n.user_id = w.user_id and n.read_at is null and n.in_app)::int + 1 end as unread
    from written w join recipients r on r.user_id = w.user_id
    where (w.in_app and r.maybe_online) or w.email_due = 'immediate'
      or (r.push and exists (select 1 from push_subscriptions s where s.user_id = w.user_id))`);
  return rows.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    at_ms: Number(row.at_ms),
    unread: row.unread === null ? null : Number(row.unread),
  }));
}

/**
 * After a batch's lines: `notification.created` to every tab of each in-app recipient (with
 * their unread count, counted by the batch's own statement), the push job for those who want it
 * pushed, the email job for an immediate email (a digest's lines wait for the daily sweep).
 */
function announceBatch(
  ctx: Pick<AppContext, 'mediaSigner' | 'realtime'>,
  effects: EffectQueue,
  event: FanOutPayload,
  creator: typeof users.$inferSelect,
  written: Written[],
): void {
  // Offline recipients get no event: they read the line and the count when they next open the
  // app. Counting and emitting for all of a large audience cost more than writing its lines.
  const inApp = written.filter((line) => line.in_app && line.unread !== null);
  const avatarKey = creator.avatarThumbKey ?? creator.avatarKey;
  const path = subjectPath(event.subject, creator.slug);
  const created: { userId: number; payload: EventPayload<'notification.created'> }[] = [];
  for (const line of inApp) {
    const at = new Date(line.at_ms).toISOString();
    const notification: AppNotification = {
      id: line.id,
      type: event.type,
      actor: {
        id: creator.id,
        name: creator.name,
        slug: creator.slug,
        avatar_url: avatarKey ? ctx.mediaSigner.url(avatarKey, line.user_id) : null,
      },
      others: 0,
      subject: {
        kind: event.subject.kind as AppNotification['subject']['kind'],
        id: event.subject.id,
        path,
      },
      data: event.data,
      created_at: at,
      updated_at: at,
      read: false,
    };
    created.push({
      userId: line.user_id,
      payload: { notification, unread_count: line.unread! },
    });
  }
  // Straight to the sockets once the batch commits, not one outbox row per recipient: a
  // 100,000-follower story would otherwise write, claim and delete 100,000 outbox rows. A
  // crash between commit and emit costs those tabs a live update only (the line and the count
  // are there on the next read); the push and email jobs, whose loss would cost a delivery, go
  // through the outbox.
  effects.afterCommit(async () => {
    for (const [index, { userId, payload }] of created.entries()) {
      ctx.realtime.toUser(userId, 'notification.created', payload);
      // Let requests in between (one node serves them beside its jobs).
      if (index % EMITS_PER_TURN === EMITS_PER_TURN - 1) await new Promise(setImmediate);
    }
  });
  for (const line of written) {
    if (line.push) effects.enqueue('notifications.push', { notificationId: line.id });
    if (line.email_due === 'immediate')
      effects.enqueue('notifications.email', { notificationId: line.id });
  }
}

/**
 * The `notifications.fan-out` job: batch after batch, each in its own transaction with its
 * events; after `runBudgetMs` it queues the next step (in the last batch's transaction, so the
 * step is queued exactly when the batch before it commits) and returns.
 */
export async function runFanOut(ctx: AppContext, payload: FanOutPayload): Promise<void> {
  const [creator] = await ctx.db.select().from(users).where(eq(users.id, payload.creatorId));
  if (!creator) return;
  const started = Date.now();
  let afterUserId = payload.afterUserId;
  for (;;) {
    const next = await inTransaction(ctx.db, async (tx, effects) => {
      const batch = await audienceAfter(tx, creator.id, afterUserId, FAN_OUT.batchSize);
      if (batch.length === 0) return null;
      const written = await writeBatch(tx, payload, batch);
      announceBatch(ctx, effects, payload, creator, written);
      const last = batch.at(-1)!;
      if (batch.length < FAN_OUT.batchSize) return null;
      if (Date.now() - started < FAN_OUT.runBudgetMs) return last;
      const step = { ...payload, afterUserId: last };
      effects.enqueue('notifications.fan-out', step, { id: stepJobId(step) });
      return null;
    });
    if (next === null) return;
    afterUserId = next;
  }
}

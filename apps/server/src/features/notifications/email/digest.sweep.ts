import { NOTIFICATION_TYPES, type NotificationType } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import { PeriodicTask } from '../../../platform/queue/periodic-task.ts';
import { queueMail, type DigestGroup } from '../../mail/index.ts';
import { preferenceOf } from '../notification-preferences.ts';
import { digestDue, DIGEST_LOCAL_HOUR } from './digest-schedule.ts';
import { lineFacts } from './mail-line-params.ts';
import * as repo from './notification-mail.repository.ts';

/** Runs on worker nodes this often (server.ts): a digest goes within this of its hour. */
export const DIGEST_SWEEP_INTERVAL_MS = 5 * 60_000;
/** Lines shown per type; the rest are counted ("and 12 more"). */
export const DIGEST_LINES_PER_TYPE = 5;
const CANDIDATE_BATCH = 500;

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;

export interface DigestSweep {
  /** Digests queued. */
  mailed: number;
}

/**
 * Sends every due daily digest: for each user with unmailed digest lines whose local hour has
 * come and who had no digest since, one mail of their lines grouped by type (digestFor).
 */
export async function sweepDigests(
  ctx: Ctx,
  options: { now?: Date; hour?: number } = {},
): Promise<DigestSweep> {
  const now = options.now ?? new Date();
  const hour = options.hour ?? DIGEST_LOCAL_HOUR;
  const sweep: DigestSweep = { mailed: 0 };
  let after = 0;
  for (;;) {
    const candidates = await repo.digestCandidates(ctx.db, after, CANDIDATE_BATCH);
    for (const user of candidates) {
      if (!digestDue(now, user.timeZone ?? 'UTC', user.lastDigestAt, hour)) continue;
      if (await digestFor(ctx, user.userId, now, hour)) sweep.mailed += 1;
    }
    if (candidates.length < CANDIDATE_BATCH) return sweep;
    after = candidates.at(-1)!.userId;
  }
}

/**
 * One user's digest, in one transaction with their settings row locked: checks again that it is
 * due (another node's sweep may have sent it), gathers the unmailed digest lines, queues one mail
 * of those still unread and still wanted by email, marks every gathered line emailed and sets
 * last_digest_at. A retried run finds them emailed and the digest sent: it sends none twice.
 * Lines read in the app are settled without a mail (the user has seen them). Returns whether
 * a mail was queued.
 */
export async function digestFor(
  ctx: Ctx,
  userId: number,
  now: Date,
  hour: number,
): Promise<boolean> {
  return inTransaction(ctx.db, async (tx, effects) => {
    const settings = await repo.lockSettings(tx, userId);
    if (!digestDue(now, settings.timeZone, settings.lastDigestAt, hour)) return false;
    const lines = await repo.lockDigestLines(tx, userId);
    if (lines.length === 0) return false;
    await repo.markEmailed(
      tx,
      lines.map((line) => line.id),
      now,
    );
    const recipient = await repo.findRecipient(tx, userId);
    if (!recipient?.mailable) return false;

    const byType = new Map<NotificationType, number[]>();
    for (const line of lines) {
      if (line.read) continue;
      byType.set(line.type, [...(byType.get(line.type) ?? []), line.id]);
    }
    const groups: DigestGroup[] = [];
    let total = 0;
    for (const type of NOTIFICATION_TYPES) {
      const ids = byType.get(type);
      if (!ids) continue;
      // A type switched away from the digest since its lines were written goes without them.
      if ((await preferenceOf(tx, userId, type)).email !== 'digest') continue;
      const shown = await repo.loadMailLines(tx, ids, DIGEST_LINES_PER_TYPE);
      groups.push({ type, total: ids.length, lines: shown.map(lineFacts) });
      total += ids.length;
    }
    if (groups.length === 0) return false;
    await queueMail(tx, effects, {
      userId,
      to: recipient.email,
      template: 'notification_digest',
      params: {
        name: recipient.name,
        currency: ctx.config.currency,
        total,
        groups: JSON.stringify(groups),
        unsubscribe: 'digest',
      },
    });
    await repo.setLastDigest(tx, userId, now);
    return true;
  });
}

/** Runs the digest sweep every DIGEST_SWEEP_INTERVAL_MS on worker nodes. */
export class DigestSweeper extends PeriodicTask {
  constructor(ctx: Ctx) {
    super(ctx.log, 'notification digest sweep', DIGEST_SWEEP_INTERVAL_MS, () => sweepDigests(ctx));
  }
}

import { ACCOUNT_DELETION_DAYS } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { disconnectEndedSessions } from '../auth/index.ts';
import * as repo from './account-deletion.repository.ts';
import { PeriodicTask } from '../../platform/queue/periodic-task.ts';

/**
 * The erasure: ACCOUNT_DELETION_DAYS after the request, a sweep on worker nodes overwrites the
 * account's personal data and removes what is its alone (docs/decisions.md, "Deleting an
 * account"). Ledger rows, payouts, purchases and the messages others received stay, pointing at
 * the anonymised row. Safe to run on several nodes and to repeat: each account is erased under
 * its row lock, once (`deleted_at`), and its blobs are deleted before their rows, so a sweep that
 * stops halfway leaves the rest for the next.
 */

const SWEEP_BATCH = 50;
const DAY_MS = 86_400_000;

/** Erases one due account in one transaction; false when it is not due (cancelled, taken). */
async function eraseAccount(ctx: AppContext, userId: number, cutoff: Date): Promise<boolean> {
  const ended = await inTransaction(ctx.db, async (tx) => {
    const account = await repo.lockDueAccount(tx, userId, cutoff);
    if (!account) return undefined;
    // Sessions signed in since the request end with the rest.
    const sessions = await repo.deleteSessions(tx, userId);
    await repo.deletePersonalRows(tx, userId);
    await repo.eraseUserRow(tx, userId);
    return sessions;
  });
  if (ended === undefined) return false;
  await disconnectEndedSessions(ctx, userId, ended);
  return true;
}

/** Deletes an erased account's blobs (media, data exports), each before its row. */
async function eraseMedia(ctx: AppContext, userId: number): Promise<void> {
  for (;;) {
    const { media, exports } = await repo.mediaToErase(ctx.db, userId, 200);
    // Not the best-effort deleteBlobs: a blob that stays is personal data kept, so a failure
    // stops here and the next sweep tries again.
    for (const key of media) await ctx.blobs.delete(key);
    await repo.forgetMedia(ctx.db, media);
    for (const archive of exports) {
      if (archive.key) await ctx.blobs.delete(archive.key);
      await repo.forgetExport(ctx.db, archive.id);
    }
    if (media.length < 200) return;
  }
}

/**
 * One sweep: erases every account whose deletion was asked for ACCOUNT_DELETION_DAYS before
 * `now`, then deletes what blobs erased accounts still have. Answers the ids it erased.
 */
export async function eraseDueAccounts(ctx: AppContext, now = new Date()): Promise<number[]> {
  const cutoff = new Date(now.getTime() - ACCOUNT_DELETION_DAYS * DAY_MS);
  const erased: number[] = [];
  for (;;) {
    const due = await repo.dueAccountIds(ctx.db, cutoff, SWEEP_BATCH);
    let progressed = false;
    for (const userId of due) {
      if (await eraseAccount(ctx, userId, cutoff)) {
        erased.push(userId);
        progressed = true;
      }
    }
    if (due.length < SWEEP_BATCH || !progressed) break;
  }
  for (const userId of await repo.erasedWithMediaLeft(ctx.db, SWEEP_BATCH)) {
    await eraseMedia(ctx, userId);
  }
  return erased;
}

/** How often workers look for accounts to erase: the date is a day, an hour late is nothing. */
export const ERASURE_INTERVAL_MS = 60 * 60_000;

/** Runs the erasure on worker nodes (server.ts; pattern: money's EarningsReleaser). */
export class AccountEraser extends PeriodicTask {
  constructor(ctx: AppContext) {
    super(ctx.log, 'account erasure', ERASURE_INTERVAL_MS, () => eraseDueAccounts(ctx));
  }
}

import { randomBytes } from 'node:crypto';
import {
  COUNTER_NOTICE_BUSINESS_DAYS,
  COPYRIGHT_STRIKES_TO_SUSPEND,
  type ClaimantNotice,
  type ConsoleNotice,
  type CopyrightNoticeBody,
  type CounterNoticeBody,
  type OwnCopyrightNotice,
} from '@glimpse/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { inTransaction, type EffectQueue } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireAccess } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { claimantToken, hashMailedToken, queueMail } from '../mail/index.ts';
import { restore, suspend, takeDown } from '../moderation/index.ts';
import { notify } from '../notifications/index.ts';
import { addBusinessDays } from './business-days.ts';
import { storyIdFromUrl } from './content-url.ts';
import * as repo from './copyright.repository.ts';

/**
 * Copyright notices (issue 29, DMCA-style): anyone may file a notice naming a story of this
 * site; the story goes down at once and its creator may answer with a counter-notice, after
 * which the story returns ten business days later unless the claimant reports a court action.
 * Three upheld notices suspend the creator for good. Every step is a line in the audit log
 * (actor null where no signed-in person acts: the public form, the claimant, the timer).
 */

const HOUR = 60 * 60_000;
/** Notices per client address and hour: the form needs no account, so the address is the key. */
export const NOTICES_PER_IP_HOUR = 10;
/** Claimant-link lookups per client address and 15 minutes (tokens are 256-bit). */
const CLAIMANT_LINKS_PER_IP = 30;

async function spend(ctx: AppContext, key: string, max: number, windowMs: number): Promise<void> {
  if ((await ctx.limiter.hit(key, windowMs)) <= max) return;
  await ctx.limiter.refund(key);
  throw new AppError('rate_limited');
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function presentOwn(row: repo.NoticeRow): OwnCopyrightNotice {
  return {
    id: row.id,
    story_id: row.storyId,
    claimant_name: row.claimantName,
    work: row.work,
    status: row.status,
    counter_statement: row.counterStatement,
    countered_at: iso(row.counteredAt),
    restore_after: iso(row.restoreAfter),
    created_at: row.createdAt.toISOString(),
  };
}

function presentClaimant(row: repo.NoticeRow): ClaimantNotice {
  return {
    id: row.id,
    work: row.work,
    status: row.status,
    countered_at: iso(row.counteredAt),
    restore_after: iso(row.restoreAfter),
    created_at: row.createdAt.toISOString(),
  };
}

async function tellCreator(
  ctx: AppContext,
  tx: Tx,
  effects: EffectQueue,
  notice: repo.NoticeRow,
  outcome: 'taken_down' | 'restored' | 'rejected',
): Promise<void> {
  if (notice.creatorId === null) return;
  await notify(ctx, tx, effects, {
    userId: notice.creatorId,
    type: 'copyright_notice',
    actorId: null,
    subject: { kind: 'copyright', id: notice.id },
    data: { outcome },
    dedupeKey: `copyright:${notice.id}:${outcome}`,
  });
}

/**
 * POST /api/copyright/notices. Checks come before any write: the statements, then the URL, then
 * the story (public now). The story is taken down first (every surface, enforcement), then the
 * notice, its audit line, the creator's notification and the claimant's mail commit together;
 * if that fails the story comes back.
 */
export async function fileNotice(
  ctx: AppContext,
  body: CopyrightNoticeBody,
  clientIp: string,
): Promise<{ success: true; notice_id: number }> {
  await spend(ctx, `copyright-notice:ip:${clientIp}`, NOTICES_PER_IP_HOUR, HOUR);
  if (!body.good_faith || !body.accurate) {
    const errors: Record<string, string[]> = {};
    if (!body.good_faith) errors.good_faith = ['copyright_statements_required'];
    if (!body.accurate) errors.accurate = ['copyright_statements_required'];
    throw new AppError('copyright_statements_required', { errors });
  }
  const storyId = storyIdFromUrl(body.content_url, ctx.config.publicOrigin);
  if (storyId === null) {
    throw new AppError('copyright_url_invalid', {
      errors: { content_url: ['copyright_url_invalid'] },
    });
  }
  const story = await repo.findPublicStory(ctx.db, storyId);
  if (!story) throw new AppError('copyright_content_not_found');
  const taken = await takeDown(ctx, 'story', story.id);
  if (!taken) throw new AppError('copyright_content_not_found');

  let notice: repo.NoticeRow;
  try {
    notice = await inTransaction(ctx.db, async (tx, effects) => {
      const row = await repo.insertNotice(tx, {
        claimantName: body.claimant_name,
        claimantEmail: body.claimant_email,
        work: body.work,
        storyId: story.id,
        creatorId: taken.ownerId,
        // Replaced below once the id is known: the real token is derived from it.
        claimantTokenHash: `pending:${randomBytes(16).toString('hex')}`,
      });
      await repo.setTokenHash(
        tx,
        row.id,
        hashMailedToken(claimantToken(ctx.config.secret, row.id)),
      );
      await recordAudit(tx, {
        actorId: null,
        action: 'copyright.notice',
        targetKind: 'story',
        targetId: story.id,
        subjectUserId: taken.ownerId,
        note: body.work,
        details: {
          notice_id: row.id,
          claimant_name: body.claimant_name,
          claimant_email: body.claimant_email,
          signature: body.signature,
          content_url: body.content_url,
        },
      });
      await tellCreator(ctx, tx, effects, row, 'taken_down');
      await queueMail(tx, effects, {
        userId: null,
        to: body.claimant_email,
        template: 'copyright_notice_received',
        params: { name: body.claimant_name, notice: row.id, work: body.work.slice(0, 200) },
      });
      return row;
    });
  } catch (error) {
    await restore(ctx, 'story', story.id);
    throw error;
  }
  await suspendOnStrikes(ctx, taken.ownerId, notice.id);
  return { success: true, notice_id: notice.id };
}

/**
 * Three upheld notices (taken down, countered and waiting, court action) suspend the creator
 * for good, once: an account already suspended for good is left as it is.
 */
async function suspendOnStrikes(ctx: AppContext, creatorId: number, noticeId: number) {
  const strikes = await repo.countUpheld(ctx.db, creatorId);
  if (strikes < COPYRIGHT_STRIKES_TO_SUSPEND) return;
  const [account] = await ctx.db
    .select({ suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, creatorId));
  if (!account || (account.suspendedAt !== null && account.suspendedUntil === null)) return;
  await suspend(ctx, creatorId, null);
  await recordAudit(ctx.db, {
    actorId: null,
    action: 'copyright.suspend',
    targetKind: 'user',
    targetId: creatorId,
    subjectUserId: creatorId,
    note: `${strikes} upheld copyright notices`,
    details: { strikes, notice_id: noticeId },
  });
}

/** GET /api/copyright/mine: the creator's notices, newest first. */
export async function ownNotices(
  ctx: AppContext,
  viewerId: number,
): Promise<{ notices: OwnCopyrightNotice[] }> {
  return { notices: (await repo.noticesOfCreator(ctx.db, viewerId)).map(presentOwn) };
}

/**
 * POST /api/copyright/notices/:id/counter: only the notice's creator, only while the content is
 * down and not countered yet. The story returns COUNTER_NOTICE_BUSINESS_DAYS later (the sweep).
 */
export async function counterNotice(
  ctx: AppContext,
  viewerId: number,
  noticeId: number,
  body: CounterNoticeBody,
  now = new Date(),
): Promise<OwnCopyrightNotice> {
  if (!body.consent_jurisdiction) {
    throw new AppError('copyright_statements_required', {
      errors: { consent_jurisdiction: ['copyright_statements_required'] },
    });
  }
  return inTransaction(ctx.db, async (tx, effects) => {
    const notice = await repo.lockNotice(tx, noticeId);
    if (!notice || notice.creatorId !== viewerId) throw new AppError('copyright_notice_not_found');
    if (notice.status !== 'taken_down') throw new AppError('copyright_counter_closed');
    const restoreAfter = addBusinessDays(now, COUNTER_NOTICE_BUSINESS_DAYS);
    const row = await repo.updateNotice(tx, noticeId, {
      status: 'countered',
      counterStatement: body.statement,
      counteredAt: now,
      restoreAfter,
    });
    await recordAudit(tx, {
      actorId: viewerId,
      action: 'copyright.counter',
      targetKind: 'notice',
      targetId: noticeId,
      subjectUserId: viewerId,
      note: body.statement,
      details: { signature: body.signature, restore_after: restoreAfter.toISOString() },
    });
    await queueMail(tx, effects, {
      userId: null,
      to: notice.claimantEmail,
      template: 'copyright_counter_notice',
      params: {
        name: notice.claimantName,
        notice: noticeId,
        work: notice.work.slice(0, 200),
        restore_date: restoreAfter.toISOString().slice(0, 10),
      },
    });
    return presentOwn(row);
  });
}

async function noticeByToken(ctx: AppContext, token: string, clientIp: string) {
  await spend(ctx, `copyright-claimant:ip:${clientIp}`, CLAIMANT_LINKS_PER_IP, 15 * 60_000);
  const notice = await repo.findByTokenHash(ctx.db, hashMailedToken(token));
  if (!notice) throw new AppError('token_invalid');
  return notice;
}

/** GET /api/copyright/court-action?token=: the claimant's view of their notice. */
export async function claimantNotice(
  ctx: AppContext,
  token: string,
  clientIp: string,
): Promise<ClaimantNotice> {
  return presentClaimant(await noticeByToken(ctx, token, clientIp));
}

/**
 * POST /api/copyright/court-action: the claimant filed suit; the content stays down (the sweep
 * never restores it). Only while it is down: after a restoration or a rejection it is too late.
 */
export async function reportCourtAction(
  ctx: AppContext,
  token: string,
  clientIp: string,
  now = new Date(),
): Promise<ClaimantNotice> {
  const found = await noticeByToken(ctx, token, clientIp);
  return inTransaction(ctx.db, async (tx) => {
    const notice = await repo.lockNotice(tx, found.id);
    if (!notice) throw new AppError('token_invalid');
    if (notice.status === 'court_action') return presentClaimant(notice);
    if (notice.status !== 'taken_down' && notice.status !== 'countered')
      throw new AppError('copyright_court_action_closed');
    const row = await repo.updateNotice(tx, notice.id, { status: 'court_action', decidedAt: now });
    await recordAudit(tx, {
      actorId: null,
      action: 'copyright.court_action',
      targetKind: 'notice',
      targetId: notice.id,
      subjectUserId: notice.creatorId,
      details: { story_id: notice.storyId },
    });
    return presentClaimant(row);
  });
}

/** GET /api/moderation/copyright: newest first, by status and creator. */
export async function consoleNotices(
  ctx: AppContext,
  viewerId: number,
  query: { status?: repo.NoticeStatus; creator_id?: number; limit?: number },
): Promise<{ notices: ConsoleNotice[] }> {
  await requireAccess(ctx, viewerId, 'moderation.console', [viewerId]);
  const rows = await repo.consoleNotices(ctx.db, {
    status: query.status,
    creatorId: query.creator_id,
    limit: query.limit ?? 50,
  });
  return {
    notices: rows.map(({ notice, creator }) => ({
      ...presentOwn(notice),
      claimant_email: notice.claimantEmail,
      decided_at: iso(notice.decidedAt),
      creator: creator && {
        id: creator.id,
        name: creator.name,
        slug: creator.slug,
        avatar_url: creator.avatarKey ? ctx.mediaSigner.url(creator.avatarKey, viewerId) : null,
      },
    })),
  };
}

/**
 * POST /api/moderation/copyright/:id/reject: the notice was not valid. The story returns (unless
 * a restoration already brought it back) and the notice is no strike. A suspension the strikes
 * caused stays for a moderator to lift: it is logged and may have had other reasons.
 */
export async function rejectNotice(
  ctx: AppContext,
  viewerId: number,
  noticeId: number,
  note: string,
  now = new Date(),
): Promise<{ success: true }> {
  await requireAccess(ctx, viewerId, 'moderation.console', [viewerId]);
  const notice = await inTransaction(ctx.db, async (tx, effects) => {
    const row = await repo.lockNotice(tx, noticeId);
    if (!row) throw new AppError('copyright_notice_not_found');
    if (row.status === 'rejected' || row.status === 'restored')
      throw new AppError('copyright_notice_closed');
    const updated = await repo.updateNotice(tx, noticeId, { status: 'rejected', decidedAt: now });
    await recordAudit(tx, {
      actorId: viewerId,
      action: 'copyright.reject',
      targetKind: 'notice',
      targetId: noticeId,
      subjectUserId: row.creatorId,
      note,
      details: { story_id: row.storyId },
    });
    await tellCreator(ctx, tx, effects, updated, 'rejected');
    return updated;
  });
  if (notice.storyId !== null) await restore(ctx, 'story', notice.storyId);
  return { success: true };
}

const SWEEP_BATCH = 100;

/**
 * Restores the stories of countered notices whose waiting time is over. The story comes back
 * first, then the notice is marked restored only if it is still countered: a court action that
 * arrived in between takes the story down again.
 */
export async function restoreCounteredNotices(ctx: AppContext, now = new Date()): Promise<number> {
  let restored = 0;
  for (const due of await repo.dueForRestore(ctx.db, now, SWEEP_BATCH)) {
    if (due.storyId !== null) await restore(ctx, 'story', due.storyId);
    const done = await inTransaction(ctx.db, async (tx, effects) => {
      const row = await repo.lockNotice(tx, due.id);
      if (!row || row.status !== 'countered') return false;
      const updated = await repo.updateNotice(tx, row.id, { status: 'restored', decidedAt: now });
      await recordAudit(tx, {
        actorId: null,
        action: 'copyright.restore',
        targetKind: 'notice',
        targetId: row.id,
        subjectUserId: row.creatorId,
        details: { story_id: row.storyId },
      });
      await tellCreator(ctx, tx, effects, updated, 'restored');
      return true;
    });
    if (done) restored += 1;
    else if (due.storyId !== null) await takeDown(ctx, 'story', due.storyId);
  }
  return restored;
}

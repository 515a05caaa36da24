import {
  APPEAL_WINDOW_DAYS,
  type AppealBody,
  type ConsoleAppeal,
  type DecideAppealBody,
  type SuspendedAppealBody,
  type SuspensionAppealBody,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError, fieldError } from '../../platform/errors/app-error.ts';
import { requireAccess } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCurrentPassword, standingTokenUser } from '../auth/index.ts';
import { restore, unsuspend } from '../moderation/index.ts';
import { notify } from '../notifications/index.ts';
import { findAccountByEmail, requireUser } from '../users/index.ts';
import * as repo from './appeals.repository.ts';

/**
 * Appeals (issue 29): the owner of a taken-down story, message or stream, or a suspended account,
 * asks for the decision to be looked at again; a moderator grants it (the item restored, the
 * account unsuspended) or denies it, with a note, and the owner is told. One appeal per decision:
 * a second one while the first is open is refused (the table's partial unique index), and so is
 * one after the first was answered; a later new decision (taken down again) may be appealed anew.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Suspension appeals per client address and hour: each checks a password. */
export const SUSPENSION_APPEALS_PER_IP_HOUR = 10;

async function fileAppeal(
  ctx: AppContext,
  values: { userId: number; kind: repo.AppealRow['kind']; targetId: number; statement: string },
  now = new Date(),
): Promise<{ success: true; appeal_id: number }> {
  // The owner may appeal for APPEAL_WINDOW_DAYS after the decision (card networks' rules).
  const decided = await repo.decidedAt(ctx.db, values.kind, values.targetId);
  if (decided && now.getTime() - decided.getTime() > APPEAL_WINDOW_DAYS * DAY)
    throw new AppError('appeal_window_closed');
  const appeal = await inTransaction(ctx.db, async (tx) => {
    if (await repo.appealedDecision(tx, values, decided))
      throw new AppError('appeal_already_decided');
    const row = await repo.insertOpenAppeal(tx, values);
    if (!row) throw new AppError('appeal_already_open');
    await recordAudit(tx, {
      actorId: values.userId,
      action: 'appeal.filed',
      targetKind: values.kind === 'suspension' ? 'user' : values.kind,
      targetId: values.targetId,
      subjectUserId: values.userId,
      note: values.statement,
      details: { appeal_id: row.id },
    });
    return row;
  });
  return { success: true, appeal_id: appeal.id };
}

/** POST /api/appeals: only the owner of an item that is taken down (else 404, as if absent). */
export async function appealTakedown(
  ctx: AppContext,
  viewerId: number,
  body: AppealBody,
): Promise<{ success: true; appeal_id: number }> {
  if (!(await repo.ownsTakenDownItem(ctx.db, viewerId, body.kind, body.target_id)))
    throw new AppError('appeal_target_not_found');
  return fileAppeal(ctx, {
    userId: viewerId,
    kind: body.kind,
    targetId: body.target_id,
    statement: body.statement,
  });
}

/**
 * POST /api/appeals/suspension: a suspended account cannot sign in, so the address and password
 * prove the owner, counted with the sign-in's failures (a wrong password and an unknown address
 * answer alike, invalid_credentials); the client address has its own limit.
 */
export async function appealSuspension(
  ctx: AppContext,
  body: SuspensionAppealBody,
  clientIp: string,
): Promise<{ success: true; appeal_id: number }> {
  const ipKey = `suspension-appeal:ip:${clientIp}`;
  if ((await ctx.limiter.hit(ipKey, HOUR)) > SUSPENSION_APPEALS_PER_IP_HOUR) {
    await ctx.limiter.refund(ipKey);
    throw new AppError('rate_limited');
  }
  const user = await findAccountByEmail(ctx, body.email);
  if (!user) throw new AppError('invalid_credentials');
  try {
    await assertCurrentPassword(ctx, user, body.password, 'password');
  } catch (error) {
    if (error instanceof AppError && error.errKey === 'password_incorrect')
      throw new AppError('invalid_credentials');
    throw error;
  }
  if (user.suspendedAt === null) throw new AppError('appeal_not_suspended');
  return fileAppeal(ctx, {
    userId: user.id,
    kind: 'suspension',
    targetId: user.id,
    statement: body.statement,
  });
}

/**
 * POST /api/appeals/suspended: the suspended account's token (from its refused sign-in) proves
 * the owner, as a session would, while the account is still suspended: the suspension itself,
 * or one of its taken-down items (the owner's, as POST /api/appeals checks).
 */
export async function appealWithStandingToken(
  ctx: AppContext,
  body: SuspendedAppealBody,
): Promise<{ success: true; appeal_id: number }> {
  const userId = standingTokenUser(ctx.config.secret, body.standing_token);
  const user = await requireUser(ctx, userId).catch(() => undefined);
  if (!user || user.suspendedAt === null) throw new AppError('token_invalid');
  if (body.kind === 'suspension')
    return fileAppeal(ctx, {
      userId,
      kind: 'suspension',
      targetId: userId,
      statement: body.statement,
    });
  if (body.target_id === undefined) throw fieldError('target_id', 'required');
  return appealTakedown(ctx, userId, {
    kind: body.kind,
    target_id: body.target_id,
    statement: body.statement,
  });
}

/** GET /api/moderation/appeals: the open queue oldest first, or decided ones newest first. */
export async function consoleAppeals(
  ctx: AppContext,
  viewerId: number,
  query: { status?: repo.AppealRow['status']; limit?: number },
): Promise<{ appeals: ConsoleAppeal[] }> {
  await requireAccess(ctx, viewerId, 'moderation.console', [viewerId]);
  const rows = await repo.listAppeals(ctx.db, query.status ?? 'open', query.limit ?? 50);
  return {
    appeals: rows.map(({ appeal, user }) => ({
      id: appeal.id,
      kind: appeal.kind,
      target_id: appeal.targetId,
      user: {
        id: user.id,
        name: user.name,
        slug: user.slug,
        avatar_url: user.avatarKey ? ctx.mediaSigner.url(user.avatarKey, viewerId) : null,
      },
      statement: appeal.statement,
      status: appeal.status,
      note: appeal.note,
      created_at: appeal.createdAt.toISOString(),
      decided_at: appeal.decidedAt ? appeal.decidedAt.toISOString() : null,
    })),
  };
}

/**
 * POST /api/moderation/appeals/:id/decide. A grant undoes the decision first (enforcement), then
 * records the outcome; if another moderator decided the appeal in between, that answer stands
 * and this one is refused (a grant's undoing is harmless then: it was granted, or is decided).
 */
export async function decideAppeal(
  ctx: AppContext,
  viewerId: number,
  appealId: number,
  body: DecideAppealBody,
  now = new Date(),
): Promise<{ success: true }> {
  await requireAccess(ctx, viewerId, 'moderation.console', [viewerId]);
  const appeal = await repo.findAppeal(ctx.db, appealId);
  if (!appeal) throw new AppError('appeal_not_found');
  if (appeal.status !== 'open') throw new AppError('appeal_closed');
  const granted = body.decision === 'grant';
  if (granted) {
    if (appeal.kind === 'suspension') await unsuspend(ctx, appeal.userId);
    else await restore(ctx, appeal.kind, appeal.targetId);
  }
  await inTransaction(ctx.db, async (tx, effects) => {
    const row = await repo.decideOpenAppeal(tx, appealId, {
      status: granted ? 'granted' : 'denied',
      decidedBy: viewerId,
      decidedAt: now,
      note: body.note,
    });
    if (!row) throw new AppError('appeal_closed');
    await recordAudit(tx, {
      actorId: viewerId,
      action: granted ? 'appeal.granted' : 'appeal.denied',
      targetKind: appeal.kind === 'suspension' ? 'user' : appeal.kind,
      targetId: appeal.targetId,
      subjectUserId: appeal.userId,
      note: body.note,
      details: { appeal_id: appeal.id },
    });
    await notify(ctx, tx, effects, {
      userId: appeal.userId,
      type: 'appeal_decided',
      actorId: null,
      subject: { kind: 'appeal', id: appeal.id },
      data: { outcome: granted ? 'granted' : 'denied', kind: appeal.kind },
      dedupeKey: `appeal:${appeal.id}`,
    });
  });
  return { success: true };
}

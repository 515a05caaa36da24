import { toCents, type TipRequest } from '@glimpse/contract';
import type { z } from 'zod';
import type { tipBody } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { EffectQueue } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { explainAccess, requireAccess } from '../../access/index.ts';
import { notify } from '../../notifications/index.ts';
import { runIdempotent, type PaidAnswer } from '../ledger/idempotency.ts';
import { payFromWallet } from './purchase-payment.ts';
import * as repo from './purchases.repository.ts';
import { postTipRequestMessage, postUserTipMessage } from './tip-messages.ts';

export type ParsedTip = z.output<typeof tipBody>;
type Success = { success: true };
const SUCCESS: PaidAnswer<Success> = { status: 200, body: { success: true } };

/**
 * The story a tip is for: one the tipper may see (else 404 like a read), of the tipped creator
 * and available to the tipper (spec 4: the tip menu shows only on available stories).
 */
async function checkTipStory(tx: Tx, tipperId: number, creatorId: number, storyId: number) {
  const content = await explainAccess({ db: tx }, tipperId, 'story.content', storyId);
  if (content.verdict === 'hidden') throw new AppError('story_not_found');
  if (!content.allowed || content.subject!.ownerId !== creatorId) {
    throw new AppError('invalid_tip');
  }
}

/**
 * A tip is a message in the pair's direct chat, so the messaging rule for tip messages decides
 * (`dm.send.tip` / `dm.send.tip_request`: tips pass the message settings, not a block): a
 * creator who blocked the tipper is hidden from them (404 like the profile), and nobody tips,
 * or asks a tip of, someone they blocked (`invalid_tip`).
 */
async function requireTippable(
  tx: Tx,
  tipperId: number,
  creatorId: number,
  permission: 'dm.send.tip' | 'dm.send.tip_request',
): Promise<void> {
  const decision = await explainAccess({ db: tx }, tipperId, permission, creatorId);
  if (decision.verdict === 'hidden') throw new AppError('user_not_found');
  if (!decision.allowed) throw new AppError('invalid_tip');
}

/**
 * Moves a tip from the tipper's wallet to the creator, records it and posts its `user_tip`
 * message (in the direct chat, or `chatId`'s channel); answers the tip's and the message's ids,
 * or undefined when the transfer under this key was made before (a seed run again).
 */
export async function payTip(
  ctx: AppContext,
  tx: Tx,
  effects: EffectQueue,
  tip: {
    tipperId: number;
    creatorId: number;
    storyId: number | null;
    amountCents: number;
    message: string;
    idempotencyKey: string;
    chatId?: number;
  },
): Promise<{ tipId: number; messageId: number } | undefined> {
  const receipt = await payFromWallet(ctx, tx, effects, {
    kind: 'tip',
    payerId: tip.tipperId,
    creatorId: tip.creatorId,
    priceCents: tip.amountCents,
    idempotencyKey: tip.idempotencyKey,
    initiatorId: tip.tipperId,
    ...(tip.storyId === null ? {} : { storyId: tip.storyId }),
  });
  if (receipt.replayed) return undefined;
  const tipId = await repo.insertTip(tx, {
    tipperId: tip.tipperId,
    creatorId: tip.creatorId,
    storyId: tip.storyId,
    amountCents: tip.amountCents,
    message: tip.message,
    transferId: receipt.transferId,
  });
  const messageId = await postUserTipMessage(tx, effects, { ...tip, tipId });
  // Every tip (profile, story, channel, a paid request, the seed) is paid here: one notice.
  await notify(ctx, tx, effects, {
    userId: tip.creatorId,
    type: 'tip_received',
    actorId: tip.tipperId,
    subject: { kind: 'wallet', id: tipId },
    data: {
      amount: tip.amountCents / 100,
      ...(tip.storyId === null ? {} : { story_id: tip.storyId }),
    },
    dedupeKey: `tip:${tipId}`,
  });
  return { tipId, messageId };
}

/**
 * POST /api/tips. Send mode pays a verified creator (spec 4-5); request mode, for verified users
 * only, asks `user_id` for the amount (a pending tip request and `tip.requested` to them). Either
 * posts its message in the pair's direct chat. Every refusal throws inside the idempotent
 * transaction, so it writes nothing and keeps the key free.
 */
export async function sendTip(
  ctx: AppContext,
  viewerId: number,
  body: ParsedTip,
  key: string,
): Promise<PaidAnswer<Success> & { replayed: boolean }> {
  return runIdempotent(
    ctx,
    { userId: viewerId, key, operation: 'tip.send', params: body },
    async (tx, effects, idempotencyKey) => {
      const amountCents = toCents(body.amount);
      if (amountCents <= 0 || body.user_id === viewerId) throw new AppError('invalid_tip');
      const target = await repo.findCreator(tx, body.user_id);
      if (!target) throw new AppError('user_not_found');
      await requireTippable(
        tx,
        viewerId,
        target.id,
        body.mode === 'request' ? 'dm.send.tip_request' : 'dm.send.tip',
      );
      if (body.mode === 'request') {
        const requester = await repo.findCreator(tx, viewerId);
        if (!requester?.verifyOndatoAt) throw new AppError('verification_required');
        const request = {
          requesterId: viewerId,
          targetId: target.id,
          amountCents,
          message: body.message,
        };
        const requestId = await repo.insertTipRequest(tx, request);
        await postTipRequestMessage(tx, effects, { ...request, requestId });
        effects.emitToUser(target.id, 'tip.requested', {
          request_id: requestId,
          from_user_id: viewerId,
        });
        await notify(ctx, tx, effects, {
          userId: target.id,
          type: 'tip_requested',
          actorId: viewerId,
          subject: { kind: 'wallet', id: requestId },
          data: { amount: amountCents / 100 },
          dedupeKey: `tip_request:${requestId}`,
        });
        return SUCCESS;
      }
      if (!target.verifyOndatoAt) throw new AppError('tip_target_not_verified');
      const storyId = body.story_id ?? null;
      if (storyId !== null) await checkTipStory(tx, viewerId, target.id, storyId);
      await payTip(ctx, tx, effects, {
        tipperId: viewerId,
        creatorId: target.id,
        storyId,
        amountCents,
        message: body.message,
        idempotencyKey,
      });
      return SUCCESS;
    },
  );
}

/** GET /api/tips/requests: what others asked the viewer for, newest first. */
export async function pendingTipRequests(ctx: AppContext, viewerId: number): Promise<TipRequest[]> {
  const rows = await repo.listPendingTipRequests(ctx.db, viewerId);
  return rows.map((row) => ({
    id: row.id,
    amount: row.amountCents / 100,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    requester: {
      id: row.requesterId,
      name: row.requesterName,
      slug: row.requesterSlug,
      profileImage: row.requesterAvatarKey
        ? ctx.mediaSigner.url(row.requesterAvatarKey, viewerId)
        : null,
    },
  }));
}

/**
 * Locks the request (a pay and a decline at once settle it once), then asks the access module
 * whether the viewer may answer it (`tip_request.answer`: addressed to them, still pending).
 */
async function lockAnswerableRequest(tx: Tx, viewerId: number, requestId: number) {
  const request = await repo.lockTipRequest(tx, requestId);
  await requireAccess({ db: tx }, viewerId, 'tip_request.answer', [requestId]);
  return request!;
}

/**
 * POST /api/tips/requests/{id}/pay: pays the request as a tip to the requester, once, with a
 * `user_tip` message in their chat (the request's own message then reads as paid). A block
 * between the two voids the request: it answers as not found.
 */
export async function payTipRequest(
  ctx: AppContext,
  viewerId: number,
  requestId: number,
  key: string,
): Promise<PaidAnswer<Success> & { replayed: boolean }> {
  return runIdempotent(
    ctx,
    { userId: viewerId, key, operation: 'tip.request.pay', params: { requestId } },
    async (tx, effects, idempotencyKey) => {
      const request = await lockAnswerableRequest(tx, viewerId, requestId);
      const tip = await explainAccess({ db: tx }, viewerId, 'dm.send.tip', request.requesterId);
      if (!tip.allowed) throw new AppError('tip_request_not_found');
      const paid = await payTip(ctx, tx, effects, {
        tipperId: viewerId,
        creatorId: request.requesterId,
        storyId: null,
        amountCents: request.amountCents,
        message: request.message,
        idempotencyKey,
      });
      await repo.settleTipRequest(tx, requestId, { status: 'paid', tipId: paid!.tipId });
      return SUCCESS;
    },
  );
}

/** DELETE /api/tips/requests/{id}: declines a pending request addressed to the viewer. */
export async function declineTipRequest(
  ctx: AppContext,
  viewerId: number,
  requestId: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockAnswerableRequest(tx, viewerId, requestId);
    await repo.settleTipRequest(tx, requestId, { status: 'declined' });
  });
}

/** A story's tips for its statistics: tipper's name, amount, message (null when none). */
export function storyTips(ctx: Pick<AppContext, 'db'>, storyId: number) {
  return repo.listStoryTips(ctx.db, storyId);
}

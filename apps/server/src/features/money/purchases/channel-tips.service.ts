import { toCents, type channelTipBody } from '@glimpse/contract';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { explainAccess } from '../../access/index.ts';
import { runIdempotent, type PaidAnswer } from '../ledger/idempotency.ts';
import { payTip } from './tips.service.ts';

export type ParsedChannelTip = z.output<typeof channelTipBody>;
type Success = { success: true };

/**
 * POST /api/tips/channel: a tip to a channel's owner, shown in the channel as the tipper's
 * `user_tip` (paid and posted by `payTip`, in the idempotent transaction). The viewer must be
 * able to read the channel (else, and for a direct chat's id, 404 `chat_not_found`); the owner
 * cannot tip their own channel and tips only go to a verified owner.
 */
export async function sendChannelTip(
  ctx: AppContext,
  viewerId: number,
  body: ParsedChannelTip,
  key: string,
): Promise<PaidAnswer<Success> & { replayed: boolean }> {
  return runIdempotent(
    ctx,
    { userId: viewerId, key, operation: 'tip.channel', params: body },
    async (tx, effects, idempotencyKey) => {
      const amountCents = toCents(body.amount);
      if (amountCents <= 0) throw new AppError('invalid_tip');
      const decision = await explainAccess({ db: tx }, viewerId, 'chat.send.tip', body.chat_id);
      const chat = decision.subject;
      // Channels and live streams' chats (a tip beside the video); direct chats tip by user.
      if (decision.verdict === 'hidden' || !chat || chat.kind === 'direct') {
        throw new AppError('chat_not_found');
      }
      // A channel's party is its owner, who may not tip themselves.
      if (chat.partyId === viewerId) throw new AppError('cannot_pay_self');
      // Only a block of the owner by the viewer is left (messages are refused both ways).
      if (!decision.allowed) throw new AppError('invalid_tip');
      if (!chat.partyVerified) throw new AppError('tip_target_not_verified');
      await payTip(ctx, tx, effects, {
        tipperId: viewerId,
        creatorId: chat.partyId,
        storyId: null,
        amountCents,
        message: body.message,
        idempotencyKey,
        chatId: chat.id,
      });
      return { status: 200, body: { success: true } };
    },
  );
}

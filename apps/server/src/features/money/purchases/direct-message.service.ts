import type { PurchaseResponse } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { requireAccess } from '../../access/index.ts';
import type { PaidAnswer } from '../ledger/idempotency.ts';
import { payFromWallet } from './purchase-payment.ts';
import * as repo from './purchases.repository.ts';
import { directMessagePriceCents } from './subscription-offer.ts';
import { payOrTopUp } from './top-up-redirect.ts';

/** The profile path the web repeats a direct-message purchase from after a top-up. */
export const directMessageReturnPath = (slug: string) =>
  `/u/${encodeURIComponent(slug)}?direct_message=1`;

/**
 * POST /api/users/{id}/buy-direct-message: the right to message a creator who charges for it,
 * bought once per pair (a second purchase answers success without charging). The messaging
 * permission (`dm.send` in the access module) reads it.
 */
export async function buyDirectMessage(
  ctx: AppContext,
  viewerId: number,
  creatorId: number,
  key: string,
): Promise<PaidAnswer<PurchaseResponse> & { replayed: boolean }> {
  return payOrTopUp(
    ctx,
    { userId: viewerId, key, operation: 'direct_message.buy', params: { creatorId } },
    async (tx, effects, idempotencyKey, wants) => {
      const creator = await repo.findCreator(tx, creatorId);
      if (!creator) throw new AppError('user_not_found');
      // A creator who blocked the viewer is hidden from them: 404 like the profile.
      await requireAccess({ db: tx }, viewerId, 'user.view', [creatorId]);
      const priceCents = directMessagePriceCents(creator);
      if (priceCents === undefined) throw new AppError('direct_message_not_offered');
      if (creator.id === viewerId) throw new AppError('cannot_pay_self');
      wants({ priceCents, returnTo: directMessageReturnPath(creator.slug) });
      const answer = { status: 200, body: { success: true as const } };
      const purchaseId = await repo.claimDmPurchase(tx, {
        buyerId: viewerId,
        creatorId,
        priceCents,
      });
      if (purchaseId === undefined) return answer;
      const receipt = await payFromWallet(ctx, tx, effects, {
        kind: 'dm_purchase',
        payerId: viewerId,
        creatorId,
        priceCents,
        idempotencyKey,
        initiatorId: viewerId,
      });
      await repo.setDmPurchaseTransfer(tx, purchaseId, receipt.transferId);
      return answer;
    },
  );
}

import type { EnterStreamResponse } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { explainAccess, requireAccess } from '../../access/index.ts';
import { isInsufficientFunds, payFromWallet } from './purchase-payment.ts';
import { runIdempotent, type PaidAnswer } from '../ledger/idempotency.ts';
import * as repo from './stream-entries.repository.ts';

/**
 * POST /api/streams/{id}/enter: pays a priced stream's entry, once per viewer per stream, like
 * a story unlock (docs/decisions.md, "Live streams (server)"). A stream the viewer may not see
 * is 404; an ended one 409 `stream_not_live`; a free one, their own or one already entered
 * answers `{ status: true }` without charging. Parallel entries under different keys wait on
 * one advisory lock per (stream, viewer), so only the first pays. A short wallet answers
 * `{ status: false }` and stores nothing, so the same key works after a top-up.
 */
export async function enterStream(
  ctx: AppContext,
  viewerId: number,
  streamId: number,
  key: string,
): Promise<PaidAnswer<EnterStreamResponse> & { replayed: boolean }> {
  try {
    return await runIdempotent(
      ctx,
      { userId: viewerId, key, operation: 'stream.enter', params: { streamId } },
      async (tx, effects, idempotencyKey) => {
        await requireAccess({ db: tx }, viewerId, 'stream.view', [streamId]);
        await repo.lockStreamEntry(tx, streamId, viewerId);
        // Read under the lock, so an entry paid meanwhile counts.
        const stream = (await explainAccess({ db: tx }, viewerId, 'stream.view', streamId))
          .subject!;
        if (stream.ended) throw new AppError('stream_not_live');
        const answer = { status: 200, body: { status: true as const } };
        if (!stream.needsPayment) return answer;
        const receipt = await payFromWallet(ctx, tx, effects, {
          kind: 'stream_entry',
          payerId: viewerId,
          creatorId: stream.creatorId,
          priceCents: stream.priceCents!,
          idempotencyKey,
          initiatorId: viewerId,
          streamId,
        });
        await repo.claimStreamEntry(tx, { streamId, viewerId, transferId: receipt.transferId });
        return answer;
      },
    );
  } catch (error) {
    if (!isInsufficientFunds(error)) throw error;
    return { status: 200, body: { status: false, err_key: 'insufficient_funds' }, replayed: false };
  }
}

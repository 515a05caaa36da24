import type { Tx } from '../../../platform/db/database.ts';
import type { EffectQueue } from '../../../platform/db/transaction.ts';
import { directChatBetween, postMessage, neutralEventMessage } from '../../chats/index.ts';

/**
 * Tips as chat messages (issue 11, item 8). Each is posted in the transaction that moves the
 * money or records the request, through the messaging seam, so a tip and its message commit
 * together or not at all; a replayed Idempotency-Key never reaches here, so it posts nothing.
 * What the message shows of the tip (amount, payer, a request's name, price and live status)
 * is read from `tips` and `tip_requests` when it is presented (features/chats); the event
 * carries the viewer-neutral copy.
 */

/** A paid tip: a `user_tip` from the tipper, in the direct chat or the given channel. */
export async function postUserTipMessage(
  tx: Tx,
  effects: EffectQueue,
  tip: {
    tipId: number;
    tipperId: number;
    creatorId: number;
    message: string;
    /** A channel tip's channel; else the tipper's direct chat with the creator. */
    chatId?: number;
  },
): Promise<number> {
  const chatId = tip.chatId ?? (await directChatBetween(tx, tip.tipperId, tip.creatorId));
  const posted = await postMessage(
    tx,
    effects,
    {
      chatId,
      senderId: tip.tipperId,
      type: 'user_tip',
      body: tip.message,
      tipId: tip.tipId,
    },
    neutralEventMessage(tx),
  );
  return posted.id;
}

/** A tip request: a `creator_tip` from the requester to the addressee, payable from the chat. */
export async function postTipRequestMessage(
  tx: Tx,
  effects: EffectQueue,
  request: {
    requestId: number;
    requesterId: number;
    targetId: number;
    message: string;
  },
): Promise<number> {
  const chatId = await directChatBetween(tx, request.requesterId, request.targetId);
  const posted = await postMessage(
    tx,
    effects,
    {
      chatId,
      senderId: request.requesterId,
      type: 'creator_tip',
      body: request.message,
      tipRequestId: request.requestId,
    },
    neutralEventMessage(tx),
  );
  return posted.id;
}

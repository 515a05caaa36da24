import { fromCents, type PaidOption } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  chargesForMessages,
  chatFact,
  chatSendRefusal,
  directMessageRefusal,
  offersSubscription,
  requireAddressee,
  type ChatFact,
  type PartyFact,
  type SendRefusal,
} from '../access/access.service.ts';
import { directChatBetween, type MessageKind } from './chat-core.service.ts';

/** Whom a message goes to: a user (their direct chat with the viewer) or a chat by id. */
export type SendTarget = { userId: number } | { chatId: number };

/** The payments that would open messages to the party (spec 8 `err_paid_options`). */
export function paidOptions(party: PartyFact): PaidOption[] {
  const options: PaidOption[] = [];
  if (offersSubscription(party))
    options.push({ type: 'subscribe', price: fromCents(party.subscribePriceCents!) });
  if (chargesForMessages(party) && !party.subscribersOnly)
    options.push({ type: 'direct_message', price: fromCents(party.priceCents!) });
  return options;
}

/** The spec 8 error of a refusal the viewer may know about. */
function refusalError(refusal: Exclude<SendRefusal, 'hidden'>, party: PartyFact): AppError {
  if (refusal === 'should_pay') {
    return new AppError('should_pay_option', { err_paid_options: paidOptions(party) });
  }
  return new AppError('cannot_send_msg', { err_msg: refusal });
}

/**
 * `checkMaySend` for a chat whose facts the caller already read (the access module's
 * `chatFact`): the same errors, without reading them again.
 */
export function refuseUnlessMaySendTo(
  chat: ChatFact | undefined,
  viewerId: number,
  kind: MessageKind,
): void {
  if (!chat) throw new AppError('chat_not_found');
  const refusal = chatSendRefusal(chat, viewerId, kind);
  if (refusal === 'hidden') throw new AppError('chat_not_found');
  if (refusal !== null) throw refusalError(refusal, chat.party);
}

/**
 * The viewer's resolved target: the direct chat's other member (and their direct chat, once
 * made), or the chat.
 */
type Resolved =
  { kind: 'user'; userId: number; directChatId: number | null } | { kind: 'chat'; chatId: number };

/**
 * Throws unless the viewer may send a message of `kind` to the target, with exactly the errors
 * of spec 8: 404 `user_not_found` for a missing or hidden user, 404 `chat_not_found` for a chat
 * the viewer may not read, 400 `should_pay_option` with `err_paid_options` when paying would
 * open messages, 400 `cannot_send_msg` with the reason in `err_msg` otherwise. Writes nothing.
 */
export async function checkMaySend(
  ctx: AppContext,
  viewerId: number,
  target: SendTarget,
  kind: MessageKind,
): Promise<Resolved> {
  if ('chatId' in target) {
    refuseUnlessMaySendTo(await chatFact(ctx, viewerId, target.chatId), viewerId, kind);
    return { kind: 'chat', chatId: target.chatId };
  }
  if (target.userId === viewerId) {
    throw new AppError('cannot_send_msg', { err_msg: 'cannot_message_self' });
  }
  const party = await requireAddressee(ctx, viewerId, target.userId);
  const refusal = directMessageRefusal(party, viewerId, kind);
  if (refusal === 'hidden') throw new AppError('user_not_found');
  if (refusal !== null) throw refusalError(refusal, party);
  return { kind: 'user', userId: party.id, directChatId: party.directChatId };
}

/**
 * `checkMaySend`, then the chat the message goes into: for a user, the direct chat of the pair,
 * made on first contact. Every path that posts a message on a viewer's behalf (text, audio,
 * tips, stories into chats) calls this before `postMessage`.
 */
export async function assertMaySend(
  ctx: AppContext,
  viewerId: number,
  target: SendTarget,
  kind: MessageKind,
): Promise<{ chatId: number }> {
  const resolved = await checkMaySend(ctx, viewerId, target, kind);
  if (resolved.kind === 'chat') return { chatId: resolved.chatId };
  if (resolved.directChatId !== null) return { chatId: resolved.directChatId };
  const chatId = await inTransaction(ctx.db, (tx) =>
    directChatBetween(tx, viewerId, resolved.userId),
  );
  return { chatId };
}

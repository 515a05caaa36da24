import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { CHAT_SEND_PERMISSION, DIRECT_SEND_PERMISSION, explainAccess } from '../access/index.ts';
import { directChatBetween, type MessageKind } from './chat-core.service.ts';

/** Whom a message goes to: a user (their direct chat with the viewer) or a chat by id. */
export type SendTarget = { userId: number } | { chatId: number };

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
    const decision = await explainAccess(ctx, viewerId, CHAT_SEND_PERMISSION[kind], target.chatId);
    if (decision.error) throw decision.error;
    return { kind: 'chat', chatId: target.chatId };
  }
  const decision = await explainAccess(ctx, viewerId, DIRECT_SEND_PERMISSION[kind], target.userId);
  if (decision.error) throw decision.error;
  const addressee = decision.subject!;
  return { kind: 'user', userId: addressee.userId, directChatId: addressee.directChatId };
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

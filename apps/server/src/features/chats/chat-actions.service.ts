import { chatRoom, userRoom, type Message } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { explainAccess, requireAccess } from '../access/index.ts';
import { chatEventRooms, type NewMessage } from './chat-core.service.ts';
import { findChat } from './chat-core.repository.ts';
import {
  liveTextTemplate,
  messageForViewer,
  neutralMessage,
  ownNewText,
  textEventMessage,
} from './chat-messages.service.ts';
import * as repo from './chats.repository.ts';
import { openChat } from './chats.service.ts';
import { messageBatcherFor } from './message-batcher.ts';
import { assertMaySend, checkMaySend } from './send-permission.service.ts';

/**
 * Posts a text message into a chat the viewer may send to, answering it as the viewer sees it.
 * A text is a transaction of its own, so it goes through the chat's batcher (group commit).
 * A new message is answered from what the insert returned; a retried client id answers the
 * first message as it is now (read again: it may have been read since).
 */
async function postText(
  ctx: AppContext,
  viewerId: number,
  chatId: number,
  text: string,
  clientId: string,
  recipientId?: number,
): Promise<Message> {
  const input: NewMessage = { chatId, senderId: viewerId, type: 'text', body: text, clientId };
  const posted = await messageBatcherFor(ctx).post({
    input,
    eventMessage: textEventMessage(input),
    live: recipientId === undefined ? undefined : liveText(input, recipientId),
  });
  if (!posted.inserted) return messageForViewer(ctx, viewerId, posted.id);
  return ownNewText(ctx, input, posted.inserted);
}

/** A direct text's live form (MessagePost `live`): its event copy, rooms and recipient. */
function liveText(input: NewMessage, recipientId: number) {
  const [low, high] = [input.senderId, recipientId].sort((a, b) => a - b);
  const chat = { id: input.chatId, kind: 'direct' as const, ownerId: null };
  return {
    template: liveTextTemplate(input),
    rooms: chatEventRooms({ ...chat, userLowId: low!, userHighId: high! }),
    recipientId,
  };
}

/**
 * POST /api/messages/send: a text to a user's direct chat (made on first contact), by the
 * addressee's message settings (spec 8 errors). A retried `client_id` answers the first message.
 */
export async function sendDirectMessage(
  ctx: AppContext,
  viewerId: number,
  body: { user_id: number; message: string; client_id: string },
): Promise<Message> {
  const { chatId } = await assertMaySend(ctx, viewerId, { userId: body.user_id }, 'text');
  return postText(ctx, viewerId, chatId, body.message, body.client_id, body.user_id);
}

/** POST /api/messages/send/channel/{chat_id}: a text into a channel, by the channel roles. */
export async function sendChannelMessage(
  ctx: AppContext,
  viewerId: number,
  chatId: number,
  body: { message: string; client_id: string },
): Promise<Message> {
  const decision = await explainAccess(ctx, viewerId, 'chat.send', chatId);
  // This route is for channels (and live streams' chats); a direct chat is sent to by user id
  // (its errors differ).
  if (decision.subject?.kind === 'direct') throw new AppError('chat_not_found');
  if (decision.error) throw decision.error;
  return postText(ctx, viewerId, chatId, body.message, body.client_id);
}

/**
 * POST /api/messages/read: the viewer read the chat up to its newest message (a channel they
 * may read is joined first, so the mark has a row). A mark that moved emits `message.read`:
 * to the chat's room and both members for a direct chat; for a channel only to the reader's
 * own sockets (channels have no read receipts; docs/decisions.md).
 */
export async function readMessages(ctx: AppContext, viewerId: number, chatId: number) {
  await openChat(ctx, viewerId, chatId);
  await inTransaction(ctx.db, async (tx, effects) => {
    const lastReadId = await repo.markReadToNewest(tx, chatId, viewerId);
    if (lastReadId === undefined) return;
    const chat = (await findChat(tx, chatId))!;
    const rooms = chat.kind === 'direct' ? chatEventRooms(chat) : [userRoom(viewerId)];
    effects.emitToRooms(rooms, 'message.read', {
      chat_id: chatId,
      user_id: viewerId,
      last_read_id: lastReadId,
    });
  });
}

/** POST /api/chats/{chat_id}/pin: the channel owner pins one of the channel's messages. */
export async function pinMessage(
  ctx: AppContext,
  viewerId: number,
  chatId: number,
  messageId: number,
): Promise<{ pinned_message: Message }> {
  await requireAccess(ctx, viewerId, 'chat.pin', [chatId]);
  if (!(await repo.messageInChat(ctx.db, chatId, messageId))) {
    throw new AppError('message_not_found');
  }
  await inTransaction(ctx.db, async (tx, effects) => {
    await repo.setPinnedMessage(tx, chatId, messageId);
    // The room's copy is viewer-neutral (no signed media); clients refetch what they show.
    const pinned = await neutralMessage({ db: tx }, messageId);
    effects.emitToRooms([chatRoom(chatId)], 'chat.pinned', {
      chat_id: chatId,
      pinned_message: pinned,
    });
  });
  return { pinned_message: await messageForViewer(ctx, viewerId, messageId) };
}

/** DELETE /api/chats/{chat_id}/pin: the channel owner clears the pin. */
export async function unpinMessage(
  ctx: AppContext,
  viewerId: number,
  chatId: number,
): Promise<{ pinned_message: null }> {
  await requireAccess(ctx, viewerId, 'chat.pin', [chatId]);
  await inTransaction(ctx.db, async (tx, effects) => {
    await repo.setPinnedMessage(tx, chatId, null);
    effects.emitToRooms([chatRoom(chatId)], 'chat.unpinned', { chat_id: chatId });
  });
  return { pinned_message: null };
}

/** POST /api/messages/check-permission-to-send: `{ success: true }` or the spec 8 errors. */
export async function checkPermissionToSend(
  ctx: AppContext,
  viewerId: number,
  userId: number,
): Promise<{ success: true }> {
  await checkMaySend(ctx, viewerId, { userId }, 'text');
  return { success: true };
}

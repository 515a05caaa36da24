import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireAccess } from '../access/index.ts';
import { deleteBlobs } from '../media/index.ts';
import { chatEventRooms } from './chat-core.service.ts';
import { findChat } from './chat-core.repository.ts';
import * as repo from './chats.repository.ts';
import type { DeletableMessageRow } from './chats.repository.ts';

/**
 * What stays in a chat whoever sent it (docs/decisions.md, "Deleting a message for everyone"):
 * a tip or a tip request (money moved, or may be paid from the message) and a priced story
 * (readers may have paid to see it; its creator deletes the story itself from their stories).
 */
function undeletable(row: DeletableMessageRow): boolean {
  if (row.type === 'user_tip' || row.type === 'creator_tip') return true;
  return row.type === 'story' && row.storyPriceCents !== null;
}

/**
 * DELETE /api/chats/{chat_id}/messages/{message_id}: the sender deletes a message for everyone.
 * The content goes, the row stays (every answer shows it `deleted`), a pin on it goes, and
 * `message.deleted` reaches every socket of the chat (and both members of a direct chat), as
 * `message.created` did. Deleting a deleted message again changes nothing and answers alike.
 */
export async function deleteMessage(
  ctx: AppContext,
  viewerId: number,
  chatId: number,
  messageId: number,
): Promise<void> {
  await requireAccess(ctx, viewerId, 'chat.read', [chatId]);
  await requireAccess(ctx, viewerId, 'chat.message.delete', [messageId]);
  const audioKey = await inTransaction(ctx.db, async (tx, effects) => {
    const row = await repo.lockMessageForDeletion(tx, messageId);
    if (!row || row.chatId !== chatId) throw new AppError('message_not_found');
    if (row.deleted) return null;
    if (undeletable(row)) throw new AppError('message_not_deletable');
    await repo.markMessageDeleted(tx, messageId);
    const rooms = chatEventRooms((await findChat(tx, chatId))!);
    if (row.pinnedMessageId === messageId) {
      await repo.setPinnedMessage(tx, chatId, null);
      effects.emitToRooms(rooms, 'chat.unpinned', { chat_id: chatId });
    }
    effects.emitToRooms(rooms, 'message.deleted', { chat_id: chatId, message_id: messageId });
    return row.audioKey;
  });
  // The recording's file goes once nothing refers to it (no URL is signed for it any more).
  if (audioKey) await deleteBlobs(ctx, [audioKey]);
}

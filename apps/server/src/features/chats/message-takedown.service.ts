import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { chatEventRooms } from './chat-core.service.ts';
import { findChat } from './chat-core.repository.ts';

/**
 * A moderator's takedown of a message (issue 29, features/moderation/enforcement). Unlike a
 * sender's deletion the content stays in the row, so a granted appeal can restore it; every
 * answer shows it as removed meanwhile (`messageRows` reads `taken_down_at` as deleted), and a
 * voice message's recording is refused to everyone but its sender (access `media.view`).
 */

/**
 * Sets `taken_down_at` once and tells the chat's sockets (`message.deleted` for clients that
 * know only that, `content.removed`). Answers the sender's id, or null when no such message; a
 * second call changes nothing and emits nothing.
 */
export async function takeDownMessage(
  ctx: AppContext,
  messageId: number,
): Promise<{ ownerId: number } | null> {
  return inTransaction(ctx.db, async (tx, effects) => {
    const [row] = await tx
      .select({ chatId: messages.chatId, senderId: messages.senderId })
      .from(messages)
      .where(eq(messages.id, messageId));
    if (!row) return null;
    const changed = await tx
      .update(messages)
      .set({ takenDownAt: new Date() })
      .where(and(eq(messages.id, messageId), isNull(messages.takenDownAt)))
      .returning({ id: messages.id });
    if (changed.length > 0) {
      const chat = await findChat(tx, row.chatId);
      if (chat) {
        const rooms = chatEventRooms(chat);
        effects.emitToRooms(rooms, 'message.deleted', {
          chat_id: row.chatId,
          message_id: messageId,
        });
        effects.emitToRooms(rooms, 'content.removed', {
          kind: 'message',
          id: messageId,
          chat_id: row.chatId,
        });
      }
    }
    return { ownerId: row.senderId };
  });
}

/** Clears `taken_down_at`: the message shows again (unless its sender deleted it meanwhile). */
export async function restoreMessage(
  ctx: AppContext,
  messageId: number,
): Promise<{ ownerId: number } | null> {
  const [row] = await ctx.db
    .select({ senderId: messages.senderId })
    .from(messages)
    .where(eq(messages.id, messageId));
  if (!row) return null;
  await ctx.db
    .update(messages)
    .set({ takenDownAt: null })
    .where(and(eq(messages.id, messageId), isNotNull(messages.takenDownAt)));
  return { ownerId: row.senderId };
}

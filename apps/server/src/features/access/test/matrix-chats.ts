import { inTransaction } from '../../../platform/db/transaction.ts';
import type { TestServer } from '../../../test/harness.ts';
import { channelOf, directChatBetween, postMessage } from '../../chats/chat-core.service.ts';
import type { ChatTarget } from './authz-routes.table.ts';

/**
 * Tests only: the matrix's chats. The owner's channel (the follower and the subscriber may read
 * it, `other` may not) and the direct chat of the owner and `other` (the follower and the
 * subscriber are not in it), each with one message of the owner's.
 */
export async function seedMatrixChats(
  server: TestServer,
  ownerId: number,
  otherId: number,
): Promise<Record<ChatTarget, number>> {
  const channel = (await channelOf(server.ctx, ownerId))!;
  const direct = await inTransaction(server.ctx.db, async (tx, effects) => {
    const chatId = await directChatBetween(tx, ownerId, otherId);
    await postMessage(tx, effects, { chatId, senderId: ownerId, type: 'text', body: 'hello' });
    await postMessage(tx, effects, {
      chatId: channel,
      senderId: ownerId,
      type: 'text',
      body: 'welcome',
    });
    return chatId;
  });
  return { channel, direct };
}

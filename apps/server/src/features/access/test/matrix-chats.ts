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
): Promise<{ chats: Record<ChatTarget, number>; chatMessages: Record<ChatTarget, number> }> {
  const channel = (await channelOf(server.ctx, ownerId))!;
  return inTransaction(server.ctx.db, async (tx, effects) => {
    const direct = await directChatBetween(tx, ownerId, otherId);
    const post = async (chatId: number) =>
      (await postMessage(tx, effects, { chatId, senderId: ownerId, type: 'text', body: 'hi' })).id;
    return {
      chats: { channel, direct },
      chatMessages: { channel: await post(channel), direct: await post(direct) },
    };
  });
}

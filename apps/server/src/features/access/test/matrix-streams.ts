import { streams } from '../../../db/schema/index.ts';
import { inTransaction } from '../../../platform/db/transaction.ts';
import type { TestServer } from '../../../test/harness.ts';
import { openStreamChat } from '../../chats/chat-core.service.ts';

/** The owner's streams the matrix names: one open now, one ended. */
export type StreamTarget = 'open' | 'ended';

/**
 * Tests only: the matrix's streams, straight into the table. Both are for the owner's followers
 * (and subscribers), so `other` may not know of them while the follower and subscriber may.
 */
export async function seedMatrixStreams(
  server: TestServer,
  ownerId: number,
): Promise<{ streams: Record<StreamTarget, number> }> {
  return inTransaction(server.ctx.db, async (tx) => {
    const insert = async (status: 'live' | 'ended') => {
      const chatId = await openStreamChat(tx, ownerId);
      const [row] = await tx
        .insert(streams)
        .values({
          creatorId: ownerId,
          title: status,
          audience: 'followers',
          ingest: 'browser',
          status,
          chatId,
          startedAt: new Date(),
          // No ingest feeds it: marked as fed for the next hour, or the stream sweeper would end
          // the open one once the grace passed (a loaded machine's matrix runs for a minute).
          lastDataAt: new Date(Date.now() + 60 * 60 * 1000),
          endedAt: status === 'ended' ? new Date() : null,
        })
        .returning({ id: streams.id });
      return row!.id;
    };
    return { streams: { ended: await insert('ended'), open: await insert('live') } };
  });
}

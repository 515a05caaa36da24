import { chatRoom, LIVE_ROOM, streamRoom } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { explainAccess } from '../access/index.ts';
import { userIdForToken } from '../auth/index.ts';
import { fanOutToAudience } from '../notifications/index.ts';
import { ingestOf } from './ingest-registry.ts';
import { claimedUserOf, keyMatches, streamKeyOf } from './stream-key.ts';
import * as repo from './streams.repository.ts';

/**
 * A stream's life after it was created: live at its first playlist, data arriving, ended (by
 * its creator, a failed or lost ingest, or the sweeper). Events go through the outbox.
 */

/**
 * `starting` -> `live`: `stream.started` to every signed-in socket (home lists refresh), and
 * the creator's followers and subscribers are notified (`stream_started`, by the fan-out job).
 */
export async function streamWentLive(ctx: AppContext, streamId: number): Promise<void> {
  await inTransaction(ctx.db, async (tx, effects) => {
    const creatorId = await repo.markLive(tx, streamId);
    if (creatorId === undefined) return;
    effects.emitToRooms([LIVE_ROOM], 'stream.started', {
      stream_id: streamId,
      user_id: creatorId,
    });
    fanOutToAudience(tx, effects, {
      type: 'stream_started',
      creatorId,
      subject: { kind: 'stream', id: streamId },
      dedupeKey: `stream:${streamId}`,
    });
  });
}

/**
 * Ends the stream for good (once, whoever asks first): status `ended`, `stream.ended` to every
 * signed-in socket and its watchers (who then leave its rooms, the creator aside), then this
 * node's ingest of it stops (ffmpeg flushes, the playlist gets its end). Answers whether this
 * call ended it.
 */
export async function finishStream(ctx: AppContext, streamId: number): Promise<boolean> {
  const ended = await inTransaction(ctx.db, async (tx, effects) => {
    const row = await repo.markEnded(tx, streamId);
    if (!row) return false;
    effects.emitToRooms([LIVE_ROOM, streamRoom(streamId)], 'stream.ended', {
      stream_id: streamId,
      user_id: row.creatorId,
    });
    // After `stream.ended` reached them: watchers leave its room and its chat's room.
    const rooms = [streamRoom(streamId), ...(row.chatId === null ? [] : [chatRoom(row.chatId)])];
    effects.recheckRoomAccess({ rooms });
    return true;
  });
  await ingestOf(ctx)?.stop(streamId);
  return ended;
}

/** Ingest data arrived (throttled by the caller); false once the stream has ended. */
export function streamDataArrived(ctx: AppContext, streamId: number): Promise<boolean> {
  return repo.touchData(ctx.db, streamId);
}

export type IngestRefusal = 'unauthenticated' | 'not_found' | 'ended';

/**
 * Who may send video to a stream (`stream.ingest`): its creator, signed in (the session
 * cookie), while it has not ended. Anyone else is told it is not found.
 */
export async function authorizeIngest(
  ctx: AppContext,
  sessionToken: string | undefined,
  streamId: number,
): Promise<{ ok: true; userId: number } | { ok: false; refusal: IngestRefusal }> {
  const userId = await userIdForToken(ctx, sessionToken);
  if (userId === undefined) return { ok: false, refusal: 'unauthenticated' };
  const { verdict } = await explainAccess(ctx, userId, 'stream.ingest', streamId);
  if (verdict === 'hidden') return { ok: false, refusal: 'not_found' };
  if (verdict === 'forbidden') return { ok: false, refusal: 'ended' };
  return { ok: true, userId };
}

/** Streams whose ingest went quiet past the grace (a crashed node, an abandoned start). */
export function staleStreamIds(ctx: AppContext, startSeconds: number): Promise<number[]> {
  return repo.staleStreams(ctx.db, ctx.config.streamReconnectGraceSeconds, startSeconds);
}

/**
 * The stream an RTMP publish with this key feeds: the key must be the creator's current one
 * (a rotated key no longer matches) and the creator must have an open stream (they press "Go
 * live" first). Undefined refuses the publish.
 */
export async function rtmpPublishTarget(ctx: AppContext, key: string): Promise<number | undefined> {
  const userId = claimedUserOf(key);
  if (userId === undefined) return undefined;
  const expected = streamKeyOf(
    ctx.config.secret,
    userId,
    await repo.streamKeyVersion(ctx.db, userId),
  );
  if (!keyMatches(key, expected)) return undefined;
  return repo.findOpenStreamOf(ctx.db, userId);
}

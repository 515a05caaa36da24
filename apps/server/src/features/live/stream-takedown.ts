import { LIVE_ROOM, streamRoom } from '@glimpse/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { streams } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { restoreStory, takeDownStory } from '../stories/index.ts';
import { finishStream } from './stream-lifecycle.service.ts';
import { findOpenStreamOf } from './streams.repository.ts';

/**
 * A moderator stops a stream (issue 29, features/moderation/enforcement): `taken_down_at` is set
 * (stream facts then hide it from all but its creator: `stream_not_found`), it ends through the
 * one end path (`stream.ended` to every watcher, their rooms rechecked, this node's ingest
 * stopped; an ingest on another node stops at its next data check, a new one is refused as the
 * stream has ended), and its replay story is taken down too, now or when it is made later
 * (`keepReplay` keeps none for a stream taken down). Answers the creator's id, or null when no
 * such stream; a second call changes nothing.
 */
export async function takeDownStream(
  ctx: AppContext,
  streamId: number,
): Promise<{ ownerId: number } | null> {
  const stream = await inTransaction(ctx.db, async (tx, effects) => {
    const [row] = await tx
      .select({ creatorId: streams.creatorId })
      .from(streams)
      .where(eq(streams.id, streamId));
    if (!row) return undefined;
    const changed = await tx
      .update(streams)
      .set({ takenDownAt: new Date() })
      .where(and(eq(streams.id, streamId), isNull(streams.takenDownAt)))
      .returning({ id: streams.id });
    if (changed.length > 0) {
      effects.emitToRooms([LIVE_ROOM, streamRoom(streamId)], 'content.removed', {
        kind: 'stream',
        id: streamId,
      });
    }
    return row;
  });
  if (!stream) return null;
  await finishStream(ctx, streamId);
  const replay = await replayOf(ctx, streamId);
  if (replay !== null) await takeDownStory(ctx, replay);
  return { ownerId: stream.creatorId };
}

/** Clears `taken_down_at` (the stream stays ended) and puts its replay story back. */
export async function restoreStream(
  ctx: AppContext,
  streamId: number,
): Promise<{ ownerId: number } | null> {
  const [row] = await ctx.db
    .update(streams)
    .set({ takenDownAt: null })
    .where(and(eq(streams.id, streamId), isNotNull(streams.takenDownAt)))
    .returning({ creatorId: streams.creatorId, replayStoryId: streams.replayStoryId });
  if (row) {
    if (row.replayStoryId !== null) await restoreStory(ctx, row.replayStoryId);
    return { ownerId: row.creatorId };
  }
  const [existing] = await ctx.db
    .select({ creatorId: streams.creatorId })
    .from(streams)
    .where(eq(streams.id, streamId));
  return existing ? { ownerId: existing.creatorId } : null;
}

async function replayOf(ctx: AppContext, streamId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ replayStoryId: streams.replayStoryId })
    .from(streams)
    .where(eq(streams.id, streamId));
  return row?.replayStoryId ?? null;
}

/**
 * Ends the creator's stream that has not ended, if any (a suspension, issue 29): the one end
 * path, so every watcher gets `stream.ended` at once; their account hidden, nobody finds it.
 */
export async function endOpenStreamOf(ctx: AppContext, creatorId: number): Promise<void> {
  const open = await findOpenStreamOf(ctx.db, creatorId);
  if (open !== undefined) await finishStream(ctx, open);
}

/**
 * The backstop for a replay that processing made `ready` after its stream was taken down (the
 * processing job sets the status it finished with): takes each such replay down again. Run by
 * the stream sweeper on worker nodes.
 */
export async function retakeDownReplays(ctx: AppContext): Promise<number[]> {
  const result = await ctx.db.execute<{ id: number }>(sql`
    select s.id from streams st join stories s on s.id = st.replay_story_id
    where st.taken_down_at is not null and s.status <> 'taken_down'`);
  const ids = result.rows.map((row) => Number(row.id));
  for (const id of ids) await takeDownStory(ctx, id);
  return ids;
}

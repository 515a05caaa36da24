import type { AppContext } from '../../platform/context.ts';
import { liveMediaCache } from './live-media-cache.ts';
import { livePrefix } from './playback-urls.ts';
import { findStream } from './streams.repository.ts';

/** Ended streams' HLS stays this long for players still reading the last segments. */
export const ENDED_HLS_KEEP_MS = 2 * 60 * 1000;

/** Removes a stream's HLS from the store and from this node's copy. */
export async function removeStoredHls(ctx: AppContext, streamId: number): Promise<void> {
  await ctx.blobs.deletePrefix(livePrefix(streamId));
  liveMediaCache(ctx).forget(livePrefix(streamId));
}

/**
 * Removes from the store the HLS of streams that ended more than ENDED_HLS_KEEP_MS ago, or that
 * no longer exist: what a node that stopped or died before its timer left behind. Open streams
 * keep theirs (their creator may reconnect, to any node, and continue the playlist). Answers
 * how many streams' HLS went.
 */
export async function removeEndedHls(ctx: AppContext, now = Date.now()): Promise<number> {
  const ids = new Set<number>();
  for (const key of await ctx.blobs.list('live/')) {
    const id = /^live\/([1-9][0-9]{0,9})\//.exec(key)?.[1];
    if (id !== undefined) ids.add(Number(id));
  }
  let removed = 0;
  for (const id of ids) {
    const stream = id <= 2_147_483_647 ? await findStream(ctx.db, id) : undefined;
    if (stream && stream.status !== 'ended') continue;
    const endedAt = stream?.endedAt?.getTime() ?? 0;
    if (stream && now - endedAt < ENDED_HLS_KEEP_MS) continue;
    await removeStoredHls(ctx, id);
    removed += 1;
  }
  return removed;
}

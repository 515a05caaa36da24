import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HLS_SEGMENT_SECONDS, STORY_VIDEO_MAX_SECONDS } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { ffmpegBinaries } from '../../platform/media-tools/ffmpeg-binaries.ts';
import { LIVE_SEGMENT_PATTERN, replayMp4Args } from '../../platform/media-tools/hls-args.ts';
import { runTool } from '../../platform/media-tools/run-tool.ts';
import { createStory, takeDownStory } from '../stories/index.ts';
import { segmentNumber } from './hls-publisher.ts';
import { liveMediaKey, livePrefix } from './playback-urls.ts';
import * as repo from './streams.repository.ts';

/** A replay is a story, so at most a story's length: the stream's last this-many segments. */
export const REPLAY_SEGMENTS = Math.ceil(STORY_VIDEO_MAX_SECONDS / HLS_SEGMENT_SECONDS);
const REMUX_TIMEOUT_MS = 60_000;

/** The stored segments' bytes one after another (one pipeline: no listeners piling up). */
async function* concatenated(
  ctx: AppContext,
  streamId: number,
  files: string[],
): AsyncGenerator<Buffer> {
  for (const file of files) {
    const blob = await ctx.blobs.get(liveMediaKey(streamId, file));
    if (blob) yield* blob as AsyncIterable<Buffer>;
  }
}

/**
 * Keeps an ended, recorded stream as a replay story of its creator: the segments still in the
 * store (the publisher keeps REPLAY_SEGMENTS behind the live window for a recorded stream,
 * whichever nodes ingested it) are joined in order in a temp folder, rewrapped into an mp4 and
 * posted through the stories service, which stores and processes it like any video; the stream
 * names it (`replay_story_id`). A stream not recorded keeps nothing.
 */
export async function keepReplay(ctx: AppContext, streamId: number): Promise<void> {
  const stream = await repo.findStream(ctx.db, streamId);
  if (!stream?.record || stream.replayStoryId !== null) return;
  // A stream a moderator stopped keeps no replay (issue 29).
  if (await repo.isTakenDown(ctx.db, streamId)) return;
  const prefix = livePrefix(streamId);
  const segments = (await ctx.blobs.list(prefix))
    .map((key) => key.slice(prefix.length))
    .filter((file) => LIVE_SEGMENT_PATTERN.test(file))
    .sort((a, b) => segmentNumber(a) - segmentNumber(b))
    .slice(-REPLAY_SEGMENTS);
  if (segments.length === 0) return;
  const work = await mkdtemp(path.join(tmpdir(), 'glimpse-replay-'));
  try {
    // MPEG-TS joins by concatenation; the remux below reads it as one stream.
    const joined = path.join(work, 'replay.ts');
    await pipeline(concatenated(ctx, streamId, segments), createWriteStream(joined));
    const mp4 = path.join(work, 'replay.mp4');
    await runTool(
      ffmpegBinaries(ctx.config.ffmpegPath).ffmpeg,
      replayMp4Args(joined, mp4),
      REMUX_TIMEOUT_MS,
    );
    const story = await createStory(ctx, stream.creatorId, {
      file: mp4,
      model: { text: stream.title, tags: [], price: null, chats: [], subscribers: false },
      meta: { muted: false, front_camera: false, landscape: false, slow_motion: false },
    });
    await repo.setReplayStory(ctx.db, streamId, story.id);
    // Taken down while the replay was being made: the replay goes down with it.
    if (await repo.isTakenDown(ctx.db, streamId)) await takeDownStory(ctx, story.id);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HLS_SEGMENT_SECONDS, STORY_VIDEO_MAX_SECONDS } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { ffmpegBinaries } from '../../platform/media-tools/ffmpeg-binaries.ts';
import { LIVE_SEGMENT_PATTERN, replayMp4Args } from '../../platform/media-tools/hls-args.ts';
import { runTool } from '../../platform/media-tools/run-tool.ts';
import { createStory } from '../stories/index.ts';
import * as repo from './streams.repository.ts';

/** A replay is a story, so at most a story's length: the stream's last this-many segments. */
export const REPLAY_SEGMENTS = Math.ceil(STORY_VIDEO_MAX_SECONDS / HLS_SEGMENT_SECONDS);
const REMUX_TIMEOUT_MS = 60_000;

/** The files' bytes one after another (one pipeline: no listeners piling up per file). */
async function* concatenated(dir: string, files: string[]): AsyncGenerator<Buffer> {
  for (const file of files) yield* createReadStream(path.join(dir, file)) as AsyncIterable<Buffer>;
}

const segmentNumber = (file: string) => Number(/[0-9]+/.exec(file)![0]);

/**
 * Keeps an ended, recorded stream as a replay story of its creator: the segments still on disk
 * (the writer keeps REPLAY_SEGMENTS behind the live window for a recorded stream) are joined in
 * order, rewrapped into an mp4 and posted through the stories service, which processes it like
 * any video; the stream names it (`replay_story_id`). A stream not recorded keeps nothing.
 */
export async function keepReplay(ctx: AppContext, streamId: number, dir: string): Promise<void> {
  const stream = await repo.findStream(ctx.db, streamId);
  if (!stream?.record || stream.replayStoryId !== null) return;
  const segments = (await readdir(dir).catch(() => [] as string[]))
    .filter((file) => LIVE_SEGMENT_PATTERN.test(file))
    .sort((a, b) => segmentNumber(a) - segmentNumber(b))
    .slice(-REPLAY_SEGMENTS);
  if (segments.length === 0) return;
  const work = await mkdtemp(path.join(tmpdir(), 'glimpse-replay-'));
  try {
    // MPEG-TS joins by concatenation; the remux below reads it as one stream.
    const joined = path.join(work, 'replay.ts');
    await pipeline(concatenated(dir, segments), createWriteStream(joined));
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
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

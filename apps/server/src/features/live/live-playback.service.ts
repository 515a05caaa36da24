import { createReadStream, type ReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { LIVE_PLAYLIST } from '../../platform/media-tools/hls-args.ts';
import { checkAccess } from '../access/index.ts';
import { liveDirOf, segmentUrl } from './playback-urls.ts';

/** Every refusal looks alike (403), as for other signed media: a probe learns nothing. */
async function requireWatch(ctx: AppContext, viewerId: number, streamId: number): Promise<void> {
  const allowed = await checkAccess(ctx, viewerId, 'stream.watch', [streamId]);
  if (!allowed.has(streamId)) throw new AppError('media_link_invalid');
}

const TARGET_DURATION = '#EXT-X-TARGETDURATION:';

/**
 * ffmpeg rounds the target duration of half-second segments to 0 (lrint), which the HLS spec
 * forbids (every segment, rounded to the nearest integer, fits in it): at least 1 s. hls.js
 * reads 0 as 1 already; Safari's native player needs it said.
 */
function targetDurationLine(line: string): string {
  const seconds = Number(line.slice(TARGET_DURATION.length));
  return `${TARGET_DURATION}${Math.max(1, Number.isFinite(seconds) ? seconds : 1)}`;
}

/**
 * The stream's playlist for this viewer, each segment named by its own signed URL (valid for
 * PLAYBACK_URL_TTL_SECONDS, bound to the viewer). `stream.watch` is checked on every reload.
 */
export async function livePlaylist(
  ctx: AppContext,
  viewerId: number,
  streamId: number,
): Promise<string> {
  await requireWatch(ctx, viewerId, streamId);
  let text: string;
  try {
    text = await readFile(
      path.join(liveDirOf(ctx.config.dataDir, streamId), LIVE_PLAYLIST),
      'utf8',
    );
  } catch {
    // Not written yet (the stream is starting) or already cleaned up.
    throw new AppError('media_not_found');
  }
  return text
    .split('\n')
    .map((line) => {
      const file = line.trim();
      if (file.startsWith(TARGET_DURATION)) return targetDurationLine(file);
      if (file === '' || file.startsWith('#')) return line;
      return segmentUrl(ctx.mediaSigner, streamId, path.basename(file), viewerId);
    })
    .join('\n');
}

/** A segment file of the stream, for a viewer who may watch it now. */
export async function liveSegment(
  ctx: AppContext,
  viewerId: number,
  streamId: number,
  file: string,
): Promise<ReadStream> {
  await requireWatch(ctx, viewerId, streamId);
  const stream = createReadStream(path.join(liveDirOf(ctx.config.dataDir, streamId), file));
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', () => reject(new AppError('media_not_found')));
  });
  return stream;
}

import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { LIVE_PLAYLIST } from '../../platform/media-tools/hls-args.ts';
import { checkAccess } from '../access/index.ts';
import { playlistSegments } from './hls-publisher.ts';
import { liveMediaCache } from './live-media-cache.ts';
import { liveMediaKey, segmentUrl } from './playback-urls.ts';

const ENDLIST = '#EXT-X-ENDLIST';

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
 * The stream's playlist for this viewer, read from the store (through this node's short-lived
 * copy), each segment named by its own signed URL (valid for PLAYBACK_URL_TTL_SECONDS, bound to
 * the viewer and their session). The playlist is the gate: `stream.watch` is checked on every
 * reload, so a viewer whose access ends gets no new segment URLs.
 */
export async function livePlaylist(
  ctx: AppContext,
  viewerId: number,
  streamId: number,
  sessionTag: string,
): Promise<string> {
  await requireWatch(ctx, viewerId, streamId);
  const text = await liveMediaCache(ctx)
    .playlist(liveMediaKey(streamId, LIVE_PLAYLIST))
    .catch(() => undefined);
  // Not published yet (the stream is starting) or already removed.
  if (text === undefined) throw new AppError('media_not_found');
  return text
    .split('\n')
    .map((line) => {
      const file = line.trim();
      if (file.startsWith(TARGET_DURATION)) return targetDurationLine(file);
      if (file === '' || file.startsWith('#')) return line;
      const [segment] = playlistSegments(file);
      return segment ? segmentUrl(ctx.mediaSigner, streamId, segment, viewerId, sessionTag) : '';
    })
    .join('\n');
}

/**
 * A segment for a holder of its signed URL (checked by the route): no database, served from
 * this node's copy or the store. A stream whose playlist has ended (its end published, or its
 * HLS removed) serves no more segments, so an ended or stopped stream goes dark at once.
 */
export async function liveSegment(
  ctx: AppContext,
  streamId: number,
  file: string,
): Promise<Buffer> {
  const cache = liveMediaCache(ctx);
  const playlist = await cache
    .playlist(liveMediaKey(streamId, LIVE_PLAYLIST))
    .catch(() => undefined);
  if (playlist === undefined || playlist.includes(ENDLIST)) {
    throw new AppError('media_link_invalid');
  }
  const data = await cache.segment(liveMediaKey(streamId, file)).catch(() => undefined);
  if (!data) throw new AppError('media_not_found');
  return data;
}

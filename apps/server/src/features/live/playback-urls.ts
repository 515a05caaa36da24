import path from 'node:path';
import { PLAYBACK_URL_TTL_SECONDS } from '@glimpse/contract';
import { LIVE_PLAYLIST } from '../../platform/media-tools/hls-args.ts';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';

/**
 * The playlist URL outlives the segment URLs: a player reloads the same playlist URL every
 * segment (half a second) for as long as it plays, and the route checks `stream.watch` on each
 * reload anyway, so a viewer whose access ends stops getting playlists and segments at once.
 */
export const PLAYLIST_URL_TTL_MS = 6 * 60 * 60 * 1000;
export const SEGMENT_URL_TTL_MS = PLAYBACK_URL_TTL_SECONDS * 1000;

/** What a live URL signs: the stream and the file (the viewer and expiry are added). */
export const liveMediaKey = (streamId: number, file: string) => `live/${streamId}/${file}`;

function signedUrl(
  signer: MediaSigner,
  streamId: number,
  file: string,
  viewerId: number,
  ttlMs: number,
) {
  const query = signer.expiringQuery(liveMediaKey(streamId, file), viewerId, ttlMs);
  return `/media/live/${streamId}/${file}?${query}`;
}

export function playlistUrl(signer: MediaSigner, streamId: number, viewerId: number): string {
  return signedUrl(signer, streamId, LIVE_PLAYLIST, viewerId, PLAYLIST_URL_TTL_MS);
}

export function segmentUrl(
  signer: MediaSigner,
  streamId: number,
  file: string,
  viewerId: number,
): string {
  return signedUrl(signer, streamId, file, viewerId, SEGMENT_URL_TTL_MS);
}

/** Where a stream's HLS is written and read: DATA_DIR/live/<id>. */
export function liveDirOf(dataDir: string, streamId: number): string {
  return path.join(dataDir, 'live', String(streamId));
}

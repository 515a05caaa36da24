import { createHash } from 'node:crypto';
import path from 'node:path';
import { PLAYBACK_URL_TTL_SECONDS } from '@glimpse/contract';
import { LIVE_PLAYLIST } from '../../platform/media-tools/hls-args.ts';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';

/**
 * The playlist URL outlives the segment URLs: a player reloads the same playlist URL every
 * segment (half a second) for as long as it plays, and the route checks `stream.watch` on each
 * reload, so a viewer whose access ends stops getting playlists, and with them new segment URLs.
 */
export const PLAYLIST_URL_TTL_MS = 6 * 60 * 60 * 1000;
export const SEGMENT_URL_TTL_MS = PLAYBACK_URL_TTL_SECONDS * 1000;

/** A stream's HLS in the blob store (and what a live URL signs): `live/<id>/<file>`. */
export const liveMediaKey = (streamId: number, file: string) => `live/${streamId}/${file}`;
export const livePrefix = (streamId: number) => `live/${streamId}/`;

/**
 * Segment URLs are bound to the session that got the playlist, not only to its user: the
 * segment route checks the signature against the cookie's digest and asks no database, so a
 * copied segment URL is still useless without the session cookie it was made for.
 */
export function sessionTag(sessionToken: string | undefined): string {
  return createHash('sha256')
    .update(sessionToken ?? '')
    .digest('base64url')
    .slice(0, 22);
}

/** What a segment URL signs: its store key and the session's tag. */
export const segmentSignedKey = (streamId: number, file: string, tag: string) =>
  `${liveMediaKey(streamId, file)}#${tag}`;

function signedUrl(
  signer: MediaSigner,
  streamId: number,
  file: string,
  signedKey: string,
  viewerId: number,
  ttlMs: number,
) {
  const query = signer.expiringQuery(signedKey, viewerId, ttlMs);
  return `/media/live/${streamId}/${file}?${query}`;
}

export function playlistUrl(signer: MediaSigner, streamId: number, viewerId: number): string {
  const key = liveMediaKey(streamId, LIVE_PLAYLIST);
  return signedUrl(signer, streamId, LIVE_PLAYLIST, key, viewerId, PLAYLIST_URL_TTL_MS);
}

export function segmentUrl(
  signer: MediaSigner,
  streamId: number,
  file: string,
  viewerId: number,
  tag: string,
): string {
  const key = segmentSignedKey(streamId, file, tag);
  return signedUrl(signer, streamId, file, key, viewerId, SEGMENT_URL_TTL_MS);
}

/** The ingest node's scratch folder, where ffmpeg writes before the HLS is published. */
export function liveDirOf(dataDir: string, streamId: number): string {
  return path.join(dataDir, 'live', String(streamId));
}

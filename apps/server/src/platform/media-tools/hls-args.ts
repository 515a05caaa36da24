import path from 'node:path';
import { HLS_SEGMENT_SECONDS } from '@glimpse/contract';

/**
 * Where a live stream's video comes from: MediaRecorder's WebM chunks on ffmpeg's stdin, or
 * the local RTMP server (OBS publishes there; ffmpeg plays it from 127.0.0.1).
 */
export type LiveInput =
  | { kind: 'pipe' }
  | { kind: 'rtmp'; url: string }
  /** The demo's generated stream: a moving test pattern and a tone, in real time. */
  | { kind: 'testPattern' };

/** The playlist every live stream writes, beside its segments. */
export const LIVE_PLAYLIST = 'index.m3u8';
/** Segment files: `seg-<sequence>.ts` (what the playback route accepts). */
export const LIVE_SEGMENT_PATTERN = /^seg-[0-9]{1,9}\.ts$/;
/** Segments kept in the sliding window: 6 s behind the live edge is enough. */
export const LIVE_LIST_SIZE = Math.round(6 / HLS_SEGMENT_SECONDS);

/** The long side of the live picture, at most (phones send portrait, OBS landscape). */
const LONG_SIDE = 1280;
const SCALE = `scale='trunc(min(1,${LONG_SIDE}/max(iw,ih))*iw/2)*2':'trunc(min(1,${LONG_SIDE}/max(iw,ih))*ih/2)*2'`;

// The argument lists below are kept one flag and its value per line pair by hand (prettier
// would put every word on its own line), so each reads like the command line it is.

/**
 * Hardened input: the demuxer is forced (Matroska/WebM for MediaRecorder, FLV for RTMP) and only
 * the one protocol the input needs may be opened, so hostile bytes cannot make ffmpeg probe
 * into playlists, concat lists or other files. Probing is short: the stream is live.
 */
// prettier-ignore
function inputArgs(input: LiveInput): string[] {
  const fast = ['-analyzeduration', '500000', '-probesize', '1000000'];
  if (input.kind === 'testPattern') {
    const graph = 'testsrc2=size=640x360:rate=15[out0];sine=frequency=330:sample_rate=48000[out1]';
    return ['-re', '-f', 'lavfi', '-i', graph];
  }
  if (input.kind === 'pipe') {
    return ['-protocol_whitelist', 'pipe', ...fast, '-f', 'matroska', '-i', 'pipe:0'];
  }
  // A publisher gone quiet (OBS froze) ends the read after 10 s instead of stalling for ever.
  return ['-protocol_whitelist', 'rtmp,tcp', '-rw_timeout', '10000000', ...fast, '-f', 'flv', '-i', input.url];
}

/**
 * One long-running ffmpeg per live stream: H.264 (veryfast, zerolatency, a key frame every
 * segment so each segment starts decodable) + AAC into a sliding HLS window in `outDir`.
 * `omit_endlist`: the playlist only gets its end when the stream ends (the server appends it),
 * not when an ingest connection drops. `resume` continues a stream after a reconnect: the
 * numbering goes on from the playlist on disk, behind a discontinuity. `keepSegments`: segments
 * that left the window stay on disk this many at a time (a recorded stream's replay).
 */
// prettier-ignore
export function liveHlsArgs(input: LiveInput, outDir: string, resume: boolean, keepSegments = 0): string[] {
  const flags = ['delete_segments', 'independent_segments', 'omit_endlist', ...(resume ? ['append_list'] : [])];
  const keep = keepSegments > 0 ? ['-hls_delete_threshold', String(keepSegments)] : [];
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error',
    ...inputArgs(input),
    '-map', '0:v:0', '-map', '0:a:0?',
    '-map_metadata', '-1', '-map_chapters', '-1',
    '-vf', SCALE,
    '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
    '-crf', '23', '-maxrate', '3000k', '-bufsize', '3000k',
    '-force_key_frames', `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`, '-sc_threshold', '0',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000',
    '-f', 'hls',
    '-hls_time', String(HLS_SEGMENT_SECONDS),
    '-hls_list_size', String(LIVE_LIST_SIZE),
    '-hls_flags', flags.join('+'), ...keep,
    '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', path.join(outDir, 'seg-%d.ts'),
    '-y', path.join(outDir, LIVE_PLAYLIST),
  ];
}

/**
 * A recorded stream's replay: its last segments, concatenated as one MPEG-TS file, rewrapped
 * into an mp4 without re-encoding (the story pipeline transcodes it like any upload).
 */
// prettier-ignore
export function replayMp4Args(tsFile: string, mp4File: string): string[] {
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error',
    '-protocol_whitelist', 'file', '-f', 'mpegts', '-i', tsFile,
    '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-map_metadata', '-1',
    '-movflags', '+faststart', '-y', mp4File,
  ];
}

import path from 'node:path';
import {
  STORY_IMAGE_MAX_HEIGHT,
  STORY_IMAGE_MAX_WIDTH,
  STORY_VIDEO_MAX_SECONDS,
} from '@glimpse/contract';

export type VideoContainer = 'mov' | 'matroska';

export interface VideoInput {
  container: VideoContainer;
  file: string;
  withAudio: boolean;
}

/**
 * Hardened input options shared by ffmpeg and ffprobe: the demuxer is forced to the sniffed
 * container (no probing into HLS playlists or concat lists), only plain files may be opened (no
 * http, no pipes), and a QuickTime file may not pull its samples from another file through an
 * external data reference (off by default in ffmpeg today; stated so it stays off).
 */
function hardenedDemuxer(container: VideoContainer): string[] {
  const mov = container === 'mov' ? ['-enable_drefs', '0', '-use_absolute_path', '0'] : [];
  return ['-protocol_whitelist', 'file', '-f', container, ...mov];
}

// The argument lists below are kept one flag and its value per line pair by hand (prettier
// would put every word on its own line), so each reads like the command line it is.

// prettier-ignore
function safeInput(container: VideoContainer, file: string): string[] {
  return ['-nostdin', '-hide_banner', '-loglevel', 'error', ...hardenedDemuxer(container), '-i', file];
}

/** Fits inside the story box (1080x1920) without upscaling, even dimensions for H.264. */
const SCALE = `scale='trunc(min(1,min(${STORY_IMAGE_MAX_WIDTH}/iw,${STORY_IMAGE_MAX_HEIGHT}/ih))*iw/2)*2':-2`;

/** No container, stream or chapter metadata (location, device, dates) reaches an output. */
const NO_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1'];

// prettier-ignore
export function probeArgs(container: VideoContainer, file: string): string[] {
  return ['-v', 'error', ...hardenedDemuxer(container), '-print_format', 'json', '-show_format', '-show_streams', file];
}

/** One run, two outputs: the H.264 mp4 (index up front) and the poster JPEG. */
// prettier-ignore
export function mp4AndPosterArgs(input: VideoInput, outDir: string): string[] {
  return [
    ...safeInput(input.container, input.file),
    ...NO_METADATA,
    '-t', String(STORY_VIDEO_MAX_SECONDS),
    '-map', '0:v:0',
    ...(input.withAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : ['-an']),
    '-vf', SCALE,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
    '-movflags', '+faststart',
    '-y', path.join(outDir, 'video.mp4'),
    '-map', '0:v:0', '-an', ...NO_METADATA, '-vf', SCALE, '-frames:v', '1', '-q:v', '3',
    '-y', path.join(outDir, 'poster.jpg'),
  ];
}

// prettier-ignore
export function webmArgs(input: VideoInput, outDir: string): string[] {
  return [
    ...safeInput(input.container, input.file),
    ...NO_METADATA,
    '-t', String(STORY_VIDEO_MAX_SECONDS),
    '-map', '0:v:0',
    ...(input.withAudio ? ['-map', '0:a:0', '-c:a', 'libopus', '-b:a', '96k'] : ['-an']),
    '-vf', SCALE,
    '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '36', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1',
    '-y', path.join(outDir, 'video.webm'),
  ];
}

// prettier-ignore
export function slowMotionArgs(input: VideoInput, outDir: string): string[] {
  return [
    ...safeInput(input.container, input.file),
    ...NO_METADATA,
    // An output limit: the slowed rendition is capped at the story maximum like any other.
    '-t', String(STORY_VIDEO_MAX_SECONDS),
    '-map', '0:v:0',
    ...(input.withAudio ? ['-map', '0:a:0', '-af', 'atempo=0.5', '-c:a', 'aac', '-b:a', '128k'] : ['-an']),
    '-vf', `setpts=2.0*PTS,${SCALE}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
    '-movflags', '+faststart',
    '-y', path.join(outDir, 'slow.mp4'),
  ];
}

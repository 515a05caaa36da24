import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FfmpegBinaries } from '../ffmpeg-binaries.ts';
import { runTool } from '../run-tool.ts';
import type { VideoContainer } from '../video-args.ts';
import { hashImage } from './hash-image.ts';
import type { PerceptualHash } from './pdq.ts';

export interface FrameHash extends PerceptualHash {
  /** About where the frame was taken, in seconds from the start (at the sampling interval). */
  atSeconds: number;
}

export interface VideoFrameOptions {
  /** The measured duration: frames are then spread over the whole video. */
  durationSeconds?: number;
  /** At most this many frames (8 by default). */
  maxFrames?: number;
}

const DEFAULT_MAX_FRAMES = 8;
/** Without a duration, one frame every this many seconds from the start. */
const DEFAULT_INTERVAL_SECONDS = 2;
const MIN_INTERVAL_SECONDS = 1;
const FRAMES_TIMEOUT_MS = 2 * 60_000;

/** Frames are sampled by time, not at key frames: a re-encode moves the key frames. */
export function frameInterval(options: VideoFrameOptions = {}): number {
  const frames = options.maxFrames ?? DEFAULT_MAX_FRAMES;
  const duration = options.durationSeconds;
  if (duration === undefined || !(duration > 0)) return DEFAULT_INTERVAL_SECONDS;
  return Math.max(MIN_INTERVAL_SECONDS, duration / frames);
}

// prettier-ignore
function frameArgs(container: VideoContainer, file: string, interval: number, maxFrames: number, outDir: string): string[] {
  // Same input hardening as the story transcodes (video-args.ts): the sniffed demuxer only,
  // plain files only, no external data references.
  const mov = container === 'mov' ? ['-enable_drefs', '0', '-use_absolute_path', '0'] : [];
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error',
    '-protocol_whitelist', 'file', '-f', container, ...mov, '-i', file,
    '-map', '0:v:0', '-an', '-sn', '-dn',
    // The first frame, then the first one at least `interval` after the last taken; brought
    // within 512x512 (all the hash looks at) so the PNGs stay small.
    '-vf', `select='isnan(prev_selected_t)+gte(t-prev_selected_t,${interval.toFixed(3)})',` +
      `scale=w=512:h=512:force_original_aspect_ratio=decrease:flags=area`,
    // Passes only the selected frames: at a constant rate the muxer would repeat the first.
    '-vsync', 'vfr',
    '-frames:v', String(maxFrames),
    '-f', 'image2', '-c:v', 'png',
    path.join(outDir, 'frame-%03d.png'),
  ];
}

/**
 * PDQ hashes of up to `maxFrames` frames spread over a video (the first frame included), in
 * order. Low-quality frames (black, fades) are returned too, for the caller to set aside.
 */
export async function hashVideoFrames(
  tools: FfmpegBinaries,
  input: { container: VideoContainer; file: string },
  options: VideoFrameOptions = {},
): Promise<FrameHash[]> {
  const maxFrames = options.maxFrames ?? DEFAULT_MAX_FRAMES;
  if (!Number.isInteger(maxFrames) || maxFrames < 1) throw new RangeError('maxFrames must be >= 1');
  const interval = frameInterval(options);
  const outDir = await mkdtemp(path.join(tmpdir(), 'glimpse-frames-'));
  try {
    await runTool(
      tools.ffmpeg,
      frameArgs(input.container, input.file, interval, maxFrames, outDir),
      FRAMES_TIMEOUT_MS,
    );
    const files = (await readdir(outDir)).filter((name) => name.endsWith('.png')).sort();
    const hashes: FrameHash[] = [];
    // One at a time: the machine's cores belong to request handling and the transcodes.
    for (const [index, name] of files.entries()) {
      const frame = await hashImage(path.join(outDir, name));
      hashes.push({ ...frame, atSeconds: index * interval });
    }
    return hashes;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

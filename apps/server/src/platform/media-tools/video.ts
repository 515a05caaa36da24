import path from 'node:path';
import { STORY_VIDEO_MAX_SECONDS, type ProcessingReason } from '@glimpse/contract';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { runTool, type ToolError } from './run-tool.ts';
import {
  mp4AndPosterArgs,
  probeArgs,
  slowMotionArgs,
  webmArgs,
  type VideoContainer,
  type VideoInput,
} from './video-args.ts';

export type { VideoContainer, VideoInput };

export interface VideoProbe {
  /** Undefined when the container does not say (a streamed MediaRecorder webm never does). */
  durationSeconds: number | undefined;
  width: number;
  height: number;
  hasAudio: boolean;
}

/**
 * A file the tools refused: the uploader's problem, never retried. The owner is shown `reason`
 * (a catalogued key); the message carries the tool's detail, which may name server paths, and
 * belongs in the log only.
 */
export class UnprocessableMediaError extends Error {
  constructor(
    readonly reason: ProcessingReason,
    detail: string,
  ) {
    super(detail);
  }
}

const PROBE_TIMEOUT_MS = 30_000;
const TRANSCODE_TIMEOUT_MS = 10 * 60_000;

function lastLine(error: unknown, fallback: string): string {
  return (error as ToolError).stderr?.trim().split('\n').at(-1) || fallback;
}

export async function probeVideo(
  tools: FfmpegBinaries,
  container: VideoContainer,
  file: string,
): Promise<VideoProbe> {
  let output: string;
  try {
    output = await runTool(tools.ffprobe, probeArgs(container, file), PROBE_TIMEOUT_MS);
  } catch (error) {
    throw new UnprocessableMediaError(
      'processing_unreadable_video',
      `not a readable video (${lastLine(error, 'probe failed')})`,
    );
  }
  const info = JSON.parse(output) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  const video = info.streams?.find((s) => s.codec_type === 'video');
  if (!video?.width || !video.height)
    throw new UnprocessableMediaError('processing_no_video_stream', 'the file has no video stream');
  const declared = Number(info.format?.duration ?? video.duration ?? NaN);
  const durationSeconds = Number.isFinite(declared) && declared > 0 ? declared : undefined;
  if (durationSeconds !== undefined && durationSeconds > STORY_VIDEO_MAX_SECONDS + 1) {
    throw new UnprocessableMediaError(
      'processing_video_too_long',
      `the video declares ${durationSeconds} seconds, more than ${STORY_VIDEO_MAX_SECONDS}`,
    );
  }
  return {
    durationSeconds,
    width: video.width,
    height: video.height,
    hasAudio: info.streams?.some((s) => s.codec_type === 'audio') ?? false,
  };
}

async function transcode(tools: FfmpegBinaries, args: string[]): Promise<void> {
  try {
    await runTool(tools.ffmpeg, args, TRANSCODE_TIMEOUT_MS);
  } catch (error) {
    throw new UnprocessableMediaError(
      'processing_video_failed',
      `the video could not be processed (${lastLine(error, (error as Error).message)})`,
    );
  }
}

/**
 * ffmpeg decodes what it can of a damaged file and still exits 0: a source cut off after its
 * index (moov up front) would become a "ready" story shorter than it claims. Far less output
 * than the container declares means the upload is incomplete.
 */
function assertComplete(declared: number | undefined, produced: number): void {
  if (declared === undefined) return;
  const expected = Math.min(declared, STORY_VIDEO_MAX_SECONDS);
  if (produced < expected * 0.9 - 0.5) {
    throw new UnprocessableMediaError(
      'processing_video_incomplete',
      `the video file is incomplete (${produced.toFixed(1)} of ${expected.toFixed(1)} seconds)`,
    );
  }
}

export interface Mp4AndPoster {
  mp4: string;
  poster: string;
  /** Measured on the output: rotation applied, duration as played, whatever the source claimed. */
  durationSeconds: number;
  width: number;
  height: number;
}

/**
 * The critical path of "ready": H.264 mp4 with the index up front (plays while downloading)
 * and the poster JPEG, from one ffmpeg run. No metadata (location, device) is carried over.
 */
export async function makeMp4AndPoster(
  tools: FfmpegBinaries,
  input: VideoInput,
  outDir: string,
  declaredSeconds?: number,
): Promise<Mp4AndPoster> {
  await transcode(tools, mp4AndPosterArgs(input, outDir));
  const mp4 = path.join(outDir, 'video.mp4');
  const output = await probeVideo(tools, 'mov', mp4);
  if (output.durationSeconds === undefined)
    throw new UnprocessableMediaError(
      'processing_no_playable_frames',
      'the video has no playable frames',
    );
  assertComplete(declaredSeconds, output.durationSeconds);
  return {
    mp4,
    poster: path.join(outDir, 'poster.jpg'),
    durationSeconds: output.durationSeconds,
    width: output.width,
    height: output.height,
  };
}

/** VP9 webm for browsers that prefer it; off the critical path (VP9 is slow on small machines). */
export async function makeWebm(
  tools: FfmpegBinaries,
  input: VideoInput,
  outDir: string,
): Promise<string> {
  await transcode(tools, webmArgs(input, outDir));
  return path.join(outDir, 'video.webm');
}

/** Half-speed rendition for stories captured in slow motion. */
export async function makeSlowMotion(
  tools: FfmpegBinaries,
  input: VideoInput,
  outDir: string,
): Promise<string> {
  await transcode(tools, slowMotionArgs(input, outDir));
  return path.join(outDir, 'slow.mp4');
}

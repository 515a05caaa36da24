import path from 'node:path';
import { AUDIO_MAX_SECONDS } from '@glimpse/contract';
import { AppError } from '../errors/app-error.ts';
import { audioProbeArgs, voiceTranscodeArgs, type AudioContainer } from './audio-args.ts';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { readHead } from './read-head.ts';
import { runTool, ToolError } from './run-tool.ts';
import { sniffMedia } from './sniff.ts';

export type { AudioContainer };

/**
 * How far past AUDIO_MAX_SECONDS a recording may run: the browser stops the recorder on a timer
 * and the last chunk, the encoder's priming and padding add a fraction of a second or so.
 */
export const AUDIO_DURATION_TOLERANCE_SECONDS = 2;
const LONGEST_ACCEPTED = AUDIO_MAX_SECONDS + AUDIO_DURATION_TOLERANCE_SECONDS;

/** Shorter than this once decoded is no recording at all (a header without sound). */
const SHORTEST_ACCEPTED = 0.05;

const PROBE_TIMEOUT_MS = 15_000;
const TRANSCODE_TIMEOUT_MS = 60_000;
const AUDIO_MP4 = 'audio/mp4';

/**
 * The demuxer to read an upload with, from its first bytes: the audio-only containers, and the
 * ones MediaRecorder writes (WebM on Chrome and Firefox, mp4 on Safari), which may hold video
 * and are looked into by the probe. Pictures and unknown bytes have none.
 */
export function audioContainerOf(head: Buffer): AudioContainer | undefined {
  const sniffed = sniffMedia(head);
  return sniffed.kind === 'audio' || sniffed.kind === 'video' ? sniffed.format : undefined;
}

interface ProbeOutput {
  format?: { duration?: string };
  streams?: { codec_type?: string; codec_name?: string; duration?: string }[];
}

export interface AudioProbe {
  /** Undefined when the container does not say (a streamed MediaRecorder webm never does). */
  durationSeconds: number | undefined;
}

/**
 * Reads what the file declares: refuses one without a decodable audio stream (`not_an_audio`)
 * and one that says it is longer than allowed (`audio_too_long`) before any decoding.
 */
export async function probeAudio(
  tools: FfmpegBinaries,
  container: AudioContainer,
  file: string,
): Promise<AudioProbe> {
  let info: ProbeOutput;
  try {
    info = JSON.parse(
      await runTool(tools.ffprobe, audioProbeArgs(container, file), PROBE_TIMEOUT_MS),
    ) as ProbeOutput;
  } catch {
    throw new AppError('not_an_audio');
  }
  const audio = info.streams?.find((s) => s.codec_type === 'audio' && s.codec_name);
  if (!audio) throw new AppError('not_an_audio');
  const declared = Number(info.format?.duration ?? audio.duration ?? NaN);
  const durationSeconds = Number.isFinite(declared) && declared > 0 ? declared : undefined;
  if (durationSeconds !== undefined && durationSeconds > LONGEST_ACCEPTED)
    throw new AppError('audio_too_long');
  return { durationSeconds };
}

export interface VoiceRecording {
  /** The AAC-in-mp4 file, inside the caller's directory. */
  file: string;
  contentType: typeof AUDIO_MP4;
  /** Measured on the output, whatever the upload declared. */
  durationSeconds: number;
}

async function transcode(tools: FfmpegBinaries, args: string[]): Promise<void> {
  try {
    await runTool(tools.ffmpeg, args, TRANSCODE_TIMEOUT_MS);
  } catch (error) {
    // ffmpeg exiting with an error means it could not decode the upload; a timeout or a
    // binary that would not start is ours, and stays a server error.
    if (error instanceof ToolError && /exit code/.test(error.message))
      throw new AppError('not_an_audio');
    throw error;
  }
}

/**
 * A voice message from an uploaded recording: identified by its bytes, probed, transcoded to
 * mono AAC in mp4 (a format every browser plays) under `outDir`, and measured. The output is
 * capped just past the longest accepted length, so an upload that does not declare its length
 * is found too long from what it decodes to (docs/footguns.md: streamed webm).
 */
export async function makeVoiceMessage(
  tools: FfmpegBinaries,
  upload: string,
  outDir: string,
): Promise<VoiceRecording> {
  const container = audioContainerOf(await readHead(upload));
  if (!container) throw new AppError('not_an_audio');
  await probeAudio(tools, container, upload);
  const output = path.join(outDir, 'voice.m4a');
  await transcode(tools, voiceTranscodeArgs(container, upload, output, LONGEST_ACCEPTED + 1));
  const { durationSeconds } = await probeAudio(tools, 'mov', output);
  if (durationSeconds === undefined || durationSeconds < SHORTEST_ACCEPTED)
    throw new AppError('not_an_audio');
  return { file: output, contentType: AUDIO_MP4, durationSeconds };
}

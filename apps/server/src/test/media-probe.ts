import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegBinaries } from '../platform/media-tools/ffmpeg-binaries.ts';

const run = promisify(execFile);

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  duration?: string;
  tags?: Record<string, string>;
}

export interface Probed {
  format: { format_name: string; duration?: string; tags?: Record<string, string> };
  streams: ProbedStream[];
}

/** ffprobe's own view of a file (auto-detected format: the tests check what a player would see). */
export async function ffprobe(file: string): Promise<Probed> {
  const { stdout } = await run(ffmpegBinaries().ffprobe, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  return JSON.parse(stdout) as Probed;
}

/** ffprobe of bytes in memory (a rendition fetched over HTTP). */
export async function ffprobeBuffer(data: Buffer, name = 'media'): Promise<Probed> {
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-probe-'));
  try {
    const file = path.join(dir, name);
    await writeFile(file, data);
    return await ffprobe(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function durationOf(probed: Probed): number {
  return Number(probed.format.duration);
}

/** Every metadata tag of the container and its streams, as `key=value`. */
export function allTags(probed: Probed): string[] {
  return [probed.format.tags ?? {}, ...probed.streams.map((s) => s.tags ?? {})].flatMap((tags) =>
    Object.entries(tags).map(([key, value]) => `${key}=${value}`),
  );
}

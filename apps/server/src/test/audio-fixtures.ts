import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegBinaries } from '../platform/media-tools/ffmpeg-binaries.ts';
import { cachedFixture } from './fixture-cache.ts';

const run = promisify(execFile);

/**
 * Recordings as browsers and phones make them: `webm` (Opus, seekable), `streamed-webm` (Opus
 * written to a pipe, as MediaRecorder does: no duration, no cues), `mp4` (AAC, Safari's
 * MediaRecorder), `m4a` (AAC, iTunes brand), `ogg` (Opus), `mp3` (with its ID3 tag),
 * `bare-mp3` (frames only), `wav` (PCM).
 */
export type AudioFixtureFormat =
  'webm' | 'streamed-webm' | 'mp4' | 'm4a' | 'ogg' | 'mp3' | 'bare-mp3' | 'wav';

const encodings: Record<AudioFixtureFormat, string[]> = {
  webm: ['-c:a', 'libopus', '-f', 'webm'],
  'streamed-webm': ['-c:a', 'libopus', '-f', 'webm'],
  mp4: ['-c:a', 'aac', '-f', 'mp4'],
  m4a: ['-c:a', 'aac', '-f', 'ipod'],
  ogg: ['-c:a', 'libopus', '-f', 'ogg'],
  mp3: ['-c:a', 'libmp3lame', '-f', 'mp3'],
  'bare-mp3': ['-c:a', 'libmp3lame', '-id3v2_version', '0', '-write_xing', '0', '-f', 'mp3'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
};

/**
 * A real recording of a 440 Hz tone made by ffmpeg (lavfi `sine`), stereo like a laptop mic
 * (once per run: fixture-cache.ts).
 */
export async function makeAudio(
  options: {
    seconds?: number;
    format?: AudioFixtureFormat;
    /** Tags a phone might write: a title and a GPS location. */
    withTags?: boolean;
  } = {},
): Promise<Buffer> {
  const { seconds = 2, format = 'webm', withTags = false } = options;
  const { ffmpeg } = ffmpegBinaries();
  const input = [
    '-nostdin',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-ac',
    '2',
    ...(withTags
      ? ['-metadata', 'title=Secret memo', '-metadata', 'location=+48.8584+002.2945/']
      : []),
    ...encodings[format],
  ];
  return cachedFixture(['audio', format, ...input], async () => {
    if (format === 'streamed-webm') {
      const { stdout } = await run(ffmpeg, [...input, 'pipe:1'], {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout;
    }
    const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-audio-fixture-'));
    try {
      const out = path.join(dir, 'recording');
      await run(ffmpeg, [...input, '-y', out]);
      return await readFile(out);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegBinaries } from '../platform/media-tools/ffmpeg-binaries.ts';
import { cachedFixture } from './fixture-cache.ts';

const run = promisify(execFile);

export interface VideoFixtureOptions {
  seconds?: number;
  width?: number;
  height?: number;
  /** mp4 (H.264) or webm (VP8) container. */
  format?: 'mp4' | 'webm';
  audio?: boolean;
  /** Writes a GPS location into the container metadata, as phones do. */
  withLocation?: boolean;
}

/** A small real video made by ffmpeg from its test sources (once per run: fixture-cache.ts). */
export async function makeVideo(options: VideoFixtureOptions = {}): Promise<Buffer> {
  const {
    seconds = 2,
    width = 320,
    height = 240,
    format = 'mp4',
    audio = true,
    withLocation = false,
  } = options;
  const { ffmpeg } = ffmpegBinaries();
  const args = [
    '-nostdin',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
    ...(format === 'mp4'
      ? [
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-pix_fmt',
          'yuv420p',
          ...(audio ? ['-c:a', 'aac'] : []),
        ]
      : ['-c:v', 'libvpx', '-deadline', 'realtime', ...(audio ? ['-c:a', 'libopus'] : [])]),
    ...(withLocation
      ? [
          '-metadata',
          'location=+48.8584+002.2945/',
          '-metadata',
          'com.apple.quicktime.location.ISO6709=+48.8584+002.2945/',
        ]
      : []),
  ];
  return cachedFixture(['video', format, ...args], async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-fixture-'));
    const out = path.join(dir, `clip.${format}`);
    try {
      await run(ffmpeg, [...args, '-y', out]);
      return await readFile(out);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

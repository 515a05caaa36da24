import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegBinaries } from '../ffmpeg-binaries.ts';
import { runTool } from '../run-tool.ts';
import {
  hammingDistance,
  hashImage,
  hashVideoFrames,
  MATCH_DISTANCE,
  MIN_QUALITY,
} from './index.ts';
import { testPicture } from './test-pictures.ts';
import { frameInterval } from './video-frames.ts';

const tools = ffmpegBinaries();
let dir: string;

/** An H.264 mp4 showing each picture in turn for `seconds` each, as a phone would encode it. */
async function slideshow(name: string, pictures: string[], seconds: number): Promise<string> {
  const out = path.join(dir, name);
  const inputs = pictures.flatMap((file) => ['-loop', '1', '-t', String(seconds), '-i', file]);
  const joined = pictures.map((_, i) => `[${i}:v]`).join('') + `concat=n=${pictures.length}:v=1`;
  // prettier-ignore
  await runTool(tools.ffmpeg, [
    '-nostdin', '-loglevel', 'error', ...inputs,
    '-filter_complex', `${joined},format=yuv420p`, '-r', '10',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '26', '-y', out,
  ], 60_000);
  return out;
}

describe('hashVideoFrames', () => {
  const pictureFiles: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'glimpse-phash-test-'));
    for (const seed of [21, 22]) {
      const file = path.join(dir, `picture-${seed}.jpg`);
      await writeFile(file, await testPicture(seed, 640, 480));
      pictureFiles.push(file);
    }
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('hashes frames of a video made from a picture to within a match of the picture', async () => {
    const video = await slideshow('still.mp4', [pictureFiles[0]!], 3);
    const picture = await hashImage(pictureFiles[0]!);
    const frames = await hashVideoFrames(tools, { container: 'mov', file: video });
    expect(frames.map((frame) => frame.atSeconds)).toEqual([0, 2]);
    for (const frame of frames) {
      expect(frame.quality).toBeGreaterThanOrEqual(MIN_QUALITY);
      expect(hammingDistance(frame.hash, picture.hash)).toBeLessThanOrEqual(MATCH_DISTANCE);
    }
  });

  it('spreads at most maxFrames frames over the duration, each showing what plays then', async () => {
    const video = await slideshow('two.mp4', pictureFiles, 3);
    const [first, second] = await Promise.all(pictureFiles.map((file) => hashImage(file)));
    const frames = await hashVideoFrames(
      tools,
      { container: 'mov', file: video },
      { durationSeconds: 6, maxFrames: 3 },
    );
    // Taken at 0, 2 and 4 s: the second picture shows from 3 s on.
    expect(frames.map((frame) => frame.atSeconds)).toEqual([0, 2, 4]);
    const nearest = frames.map((frame) =>
      hammingDistance(frame.hash, first!.hash) < hammingDistance(frame.hash, second!.hash)
        ? 'first'
        : 'second',
    );
    expect(nearest).toEqual(['first', 'first', 'second']);
    for (const frame of frames) expect(frame.quality).toBeGreaterThanOrEqual(MIN_QUALITY);
  });

  it('rejects a file that is not the video container it was said to be', async () => {
    await expect(
      hashVideoFrames(tools, { container: 'mov', file: pictureFiles[0]! }),
    ).rejects.toThrow();
  });
});

describe('frameInterval', () => {
  it('spreads the frames over a known duration, at least a second apart', () => {
    expect(frameInterval({ durationSeconds: 120 })).toBe(15);
    expect(frameInterval({ durationSeconds: 3 })).toBe(1);
    expect(frameInterval({ durationSeconds: 20, maxFrames: 4 })).toBe(5);
    expect(frameInterval({})).toBe(2);
  });
});

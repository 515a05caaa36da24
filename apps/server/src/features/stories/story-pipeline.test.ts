import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@glimpse/contract';
import { ffmpegBinaries } from '../../platform/media-tools/ffmpeg-binaries.ts';
import { makeStoryImageVariants } from '../../platform/media-tools/image.ts';
import { makeMp4AndPoster, makeWebm, type VideoInput } from '../../platform/media-tools/video.ts';
import type { Client } from '../../test/harness.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { exifHasGps, jpegWithGps, solidImage } from '../../test/images.ts';
import {
  allTags,
  durationOf,
  ffprobe,
  ffprobeBuffer,
  type Probed,
} from '../../test/media-probe.ts';
import { makeVideo } from '../../test/media-fixtures.ts';
import { allBoxes, parseBoxes, topLevelTypes } from '../../test/mp4-boxes.ts';
import { postStory, processedStory } from '../../test/stories.ts';

const run = promisify(execFile);
const tools = ffmpegBinaries();
let server: TestServer;
let work: string;

beforeAll(async () => {
  server = await startTestServer();
  work = await mkdtemp(path.join(tmpdir(), 'glimpse-pipeline-'));
});
afterAll(async () => {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

/** Container tags a muxer writes by itself; anything else came from the source. */
const TECHNICAL_TAGS =
  /^(major_brand|minor_version|compatible_brands|encoder|handler_name|vendor_id|language|duration)=/i;
const LOCATION = /location|xyz|gps|ISO6709/i;

async function sourceFile(name: string, data: Buffer): Promise<string> {
  const file = path.join(work, name);
  await writeFile(file, data);
  return file;
}

async function transcodeDir(): Promise<string> {
  return mkdtemp(path.join(work, 'out-'));
}

const videoOf = (probed: Probed) => probed.streams.find((s) => s.codec_type === 'video');
const hasAudio = (probed: Probed) => probed.streams.some((s) => s.codec_type === 'audio');

describe('image variants (sharp)', () => {
  it('makes WebP, JPEG and a small JPEG, bounded to 1080x1920', async () => {
    const tall = await sharp({
      create: { width: 2160, height: 4320, channels: 3, background: '#123' },
    })
      .png()
      .toBuffer();
    const variants = await makeStoryImageVariants(tall);
    const [webp, jpeg, small] = await Promise.all([
      sharp(variants.webp).metadata(),
      sharp(variants.jpeg).metadata(),
      sharp(variants.small).metadata(),
    ]);
    expect([webp.format, jpeg.format, small.format]).toEqual(['webp', 'jpeg', 'jpeg']);
    expect([webp.width, webp.height]).toEqual([960, 1920]);
    expect([jpeg.width, jpeg.height]).toEqual([960, 1920]);
    expect(small.width).toBeLessThanOrEqual(270);
    expect(small.height).toBeLessThanOrEqual(480);
    const wide = await makeStoryImageVariants(await solidImage('jpeg', 4000, 1000));
    expect([wide.width, wide.height]).toEqual([1080, 270]);
  });

  it('never upscales a small image, not even its small preview', async () => {
    const variants = await makeStoryImageVariants(await solidImage('png', 64, 48));
    for (const data of [variants.webp, variants.jpeg, variants.small]) {
      const meta = await sharp(data).metadata();
      expect([meta.width, meta.height]).toEqual([64, 48]);
    }
  });

  it('drops EXIF (GPS included) from every rendition', async () => {
    const input = await jpegWithGps();
    expect(exifHasGps((await sharp(input).metadata()).exif)).toBe(true);
    const variants = await makeStoryImageVariants(input);
    for (const data of [variants.webp, variants.jpeg, variants.small]) {
      const meta = await sharp(data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(data.includes('GlimpseTestCam')).toBe(false);
    }
  });
});

describe('video renditions (ffmpeg)', () => {
  let input: VideoInput;
  beforeAll(async () => {
    input = {
      container: 'mov',
      file: await sourceFile(
        'three-seconds.mp4',
        await makeVideo({ seconds: 3, width: 480, height: 360 }),
      ),
      withAudio: true,
    };
  });

  it('makes an H.264 mp4 with its moov box before mdat, a poster, and the right duration', async () => {
    const out = await makeMp4AndPoster(tools, input, await transcodeDir());
    const types = topLevelTypes(await readFile(out.mp4));
    expect(types).toContain('moov');
    expect(types.indexOf('moov')).toBeLessThan(types.indexOf('mdat'));
    const probed = await ffprobe(out.mp4);
    expect(videoOf(probed)?.codec_name).toBe('h264');
    expect(probed.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Math.abs(durationOf(probed) - 3)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(out.durationSeconds - 3)).toBeLessThanOrEqual(0.2);
    const poster = await sharp(await readFile(out.poster)).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['jpeg', 480, 360]);
  });

  it('makes a VP9 webm of the same length', async () => {
    const probed = await ffprobe(await makeWebm(tools, input, await transcodeDir()));
    expect(probed.format.format_name).toContain('webm');
    expect(videoOf(probed)?.codec_name).toBe('vp9');
    expect(Math.abs(durationOf(probed) - 3)).toBeLessThanOrEqual(0.2);
  });

  it('carries no location or other source metadata into any output', async () => {
    const located = await sourceFile(
      'located.mp4',
      await makeVideo({ seconds: 1, withLocation: true }),
    );
    // The fixture really is located, in its tags and in a 3GPP `loci` box.
    expect(allTags(await ffprobe(located)).some((tag) => LOCATION.test(tag))).toBe(true);
    expect(allBoxes(parseBoxes(await readFile(located))).map((b) => b.type)).toContain('loci');
    const dir = await transcodeDir();
    const from = { container: 'mov' as const, file: located, withAudio: true };
    const out = await makeMp4AndPoster(tools, from, dir);
    const webm = await makeWebm(tools, from, dir);
    for (const file of [out.mp4, webm]) {
      const tags = allTags(await ffprobe(file));
      expect(tags.filter((tag) => !TECHNICAL_TAGS.test(tag))).toEqual([]);
    }
    const boxTypes = allBoxes(parseBoxes(await readFile(out.mp4))).map((b) => b.type);
    expect(boxTypes).not.toContain('loci');
    expect(boxTypes).not.toContain('\u00a9xyz');
    expect((await sharp(await readFile(out.poster)).metadata()).exif).toBeUndefined();
  });
});

/** A video story posted over HTTP and processed by the job runner, as its owner sees it. */
async function postedVideo(
  owner: Client,
  data: Buffer,
  meta: Record<string, unknown> = {},
): Promise<Story> {
  const response = await postStory(owner, { data, meta });
  expect(response.statusCode).toBe(201);
  return processedStory(server, owner, response.json<Story>().id);
}

async function fetched(owner: Client, url: string | null): Promise<Buffer> {
  expect(url).toMatch(/^\/media\//);
  const response = await owner.get(url!);
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('the story.process job', () => {
  it('serves image renditions without EXIF, bounded, WebP and JPEG', async () => {
    const { client: owner } = await signedUpUser(server);
    const response = await postStory(owner, { data: await jpegWithGps() });
    const story = await processedStory(server, owner, response.json<Story>().id);
    const webp = await fetched(owner, story.overlay_src);
    const jpeg = await fetched(owner, story.overlay_image_src);
    for (const [data, format] of [
      [webp, 'webp'],
      [jpeg, 'jpeg'],
    ] as const) {
      const meta = await sharp(data).metadata();
      expect(meta.format).toBe(format);
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([800, 600]);
    }
  });

  it('drops the audio of a story posted muted', async () => {
    const { client: owner } = await signedUpUser(server);
    const source = await makeVideo({ seconds: 1, audio: true });
    expect(hasAudio(await ffprobeBuffer(source))).toBe(true);
    const story = await postedVideo(owner, source, { muted: true });
    expect(story.video_meta.muted).toBe(true);
    expect(hasAudio(await ffprobeBuffer(await fetched(owner, story.mp4_video_src)))).toBe(false);
    expect(hasAudio(await ffprobeBuffer(await fetched(owner, story.webm_video_src)))).toBe(false);
  });

  it('adds a half-speed source for a story flagged slow motion', async () => {
    const { client: owner } = await signedUpUser(server);
    const story = await postedVideo(owner, await makeVideo({ seconds: 2 }), { slow_motion: true });
    expect(story.is_slo_mo).toBe(true);
    const slow = await ffprobeBuffer(await fetched(owner, story.slow_motion_src));
    expect(Math.abs(durationOf(slow) - 4)).toBeLessThanOrEqual(0.3);
    expect(
      Math.abs(durationOf(await ffprobeBuffer(await fetched(owner, story.mp4_video_src))) - 2),
    ).toBeLessThanOrEqual(0.2);
  });

  it('measures a streamed webm that declares no duration (as MediaRecorder writes it)', async () => {
    const { stdout } = await run(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x240:rate=25:duration=3',
        '-c:v',
        'libvpx',
        '-deadline',
        'realtime',
        '-f',
        'webm',
        'pipe:1',
      ],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
    );
    expect((await ffprobeBuffer(stdout, 'streamed.webm')).format.duration).toBeUndefined();
    const { client: owner } = await signedUpUser(server);
    const story = await postedVideo(owner, stdout);
    expect(story.processing_error).toBeNull();
    expect(Math.abs(story.video_duration! - 3)).toBeLessThanOrEqual(0.2);
  });

  it('reports the size as shown, after the rotation a phone recorded', async () => {
    const upright = await sourceFile(
      'landscape.mp4',
      await makeVideo({ seconds: 1, width: 320, height: 240, audio: false }),
    );
    const rotated = path.join(work, 'portrait.mp4');
    await run(tools.ffmpeg, [
      '-v',
      'error',
      '-i',
      upright,
      '-c',
      'copy',
      '-metadata:s:v:0',
      'rotate=90',
      '-y',
      rotated,
    ]);
    const { client: owner } = await signedUpUser(server);
    const story = await postedVideo(owner, await readFile(rotated));
    expect(story.video_meta).toMatchObject({ width: 240, height: 320 });
  });
});

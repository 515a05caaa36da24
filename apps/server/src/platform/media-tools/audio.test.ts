import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_MAX_SECONDS } from '@glimpse/contract';
import { makeAudio, type AudioFixtureFormat } from '../../test/audio-fixtures.ts';
import { solidImage } from '../../test/images.ts';
import { makeVideo } from '../../test/media-fixtures.ts';
import { AppError } from '../errors/app-error.ts';
import { makeVoiceMessage, probeAudio } from './audio.ts';
import { ffmpegBinaries } from './ffmpeg-binaries.ts';
import type * as RunToolModule from './run-tool.ts';
import { runTool } from './run-tool.ts';

// Every tool run is recorded (and still really executed) so the argv can be checked.
vi.mock('./run-tool.ts', async (importOriginal) => {
  const real = await importOriginal<typeof RunToolModule>();
  return { ...real, runTool: vi.fn(real.runTool) };
});

const run = promisify(execFile);
const tools = ffmpegBinaries();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'glimpse-audio-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.mocked(runTool).mockClear();
});

async function upload(data: Buffer): Promise<{ file: string; out: string }> {
  const out = await mkdtemp(path.join(dir, 'case-'));
  const file = path.join(out, 'upload');
  await writeFile(file, data);
  return { file, out };
}

interface Probed {
  format: { format_name: string; duration: string; tags?: Record<string, string> };
  streams: { codec_type: string; codec_name: string; channels?: number; bit_rate?: string }[];
}

/** ffprobe left to guess, as an outsider (a browser) would see the file. */
async function inspect(file: string): Promise<Probed> {
  const { stdout } = await run(tools.ffprobe, [
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

async function refusal(work: Promise<unknown>): Promise<string | undefined> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.errKey : `not an AppError: ${String(error)}`;
}

describe('makeVoiceMessage', () => {
  it.each<AudioFixtureFormat>(['webm', 'streamed-webm', 'mp4', 'm4a', 'ogg', 'mp3', 'wav'])(
    'turns a %s recording into mono AAC in an mp4 with its index up front',
    async (format) => {
      const { file, out } = await upload(await makeAudio({ seconds: 2, format }));
      const voice = await makeVoiceMessage(tools, file, out);
      expect(voice.contentType).toBe('audio/mp4');
      expect(voice.durationSeconds).toBeGreaterThan(1.8);
      expect(voice.durationSeconds).toBeLessThan(2.3);
      const probed = await inspect(voice.file);
      expect(probed.format.format_name).toContain('mp4');
      expect(probed.streams).toHaveLength(1);
      expect(probed.streams[0]).toMatchObject({
        codec_type: 'audio',
        codec_name: 'aac',
        channels: 1,
      });
      // The encoder spends less than asked on a plain tone: the asked rate is checked in the argv.
      const bitRate = Number(probed.streams[0]!.bit_rate);
      expect(bitRate).toBeGreaterThan(32_000);
      expect(bitRate).toBeLessThanOrEqual(96_000);
      const bytes = await readFile(voice.file);
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    },
  );

  it('keeps no tags of the upload (title, location)', async () => {
    const { file, out } = await upload(await makeAudio({ format: 'mp4', withTags: true }));
    expect((await inspect(file)).format.tags).toMatchObject({ title: 'Secret memo' });
    const voice = await makeVoiceMessage(tools, file, out);
    const tags = (await inspect(voice.file)).format.tags ?? {};
    expect(tags).not.toHaveProperty('title');
    expect(tags).not.toHaveProperty('location');
    expect(JSON.stringify(tags)).not.toMatch(/Secret|48\.8584/);
  });

  it('takes the length of a streamed webm, which declares none, from the output', async () => {
    const { file, out } = await upload(await makeAudio({ seconds: 3, format: 'streamed-webm' }));
    expect((await probeAudio(tools, 'matroska', file)).durationSeconds).toBeUndefined();
    const voice = await makeVoiceMessage(tools, file, out);
    expect(voice.durationSeconds).toBeCloseTo(3, 0);
  });

  it('refuses a recording that declares more than the maximum before decoding it', async () => {
    const { file, out } = await upload(
      await makeAudio({ seconds: AUDIO_MAX_SECONDS + 5, format: 'webm' }),
    );
    expect(await refusal(makeVoiceMessage(tools, file, out))).toBe('audio_too_long');
    expect(vi.mocked(runTool).mock.calls.map(([binary]) => binary)).toEqual([tools.ffprobe]);
  });

  it('refuses a streamed recording found too long from what it decodes to', async () => {
    const { file, out } = await upload(
      await makeAudio({ seconds: AUDIO_MAX_SECONDS + 5, format: 'streamed-webm' }),
    );
    expect(await refusal(makeVoiceMessage(tools, file, out))).toBe('audio_too_long');
  });

  it('accepts a recording a little over the maximum (the recorder stops on a timer)', async () => {
    const { file, out } = await upload(
      await makeAudio({ seconds: AUDIO_MAX_SECONDS + 1, format: 'streamed-webm' }),
    );
    const voice = await makeVoiceMessage(tools, file, out);
    expect(voice.durationSeconds).toBeGreaterThan(AUDIO_MAX_SECONDS);
  });

  it.each([
    ['an image', () => solidImage('png')],
    ['a video without sound', () => makeVideo({ seconds: 1, audio: false })],
    ['a webm without sound', () => makeVideo({ seconds: 1, audio: false, format: 'webm' })],
    ['random bytes', async () => randomBytes(4096)],
    ['an empty file', async () => Buffer.alloc(0)],
    [
      'a WebM header followed by garbage',
      async () => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(2048)]),
    ],
    [
      'an ID3 tag and nothing else',
      async () => Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000'),
    ],
  ])('refuses %s as not_an_audio', async (_name, make) => {
    const { file, out } = await upload(await make());
    expect(await refusal(makeVoiceMessage(tools, file, out))).toBe('not_an_audio');
  });

  it('keeps only the sound of a video with a soundtrack', async () => {
    const { file, out } = await upload(await makeVideo({ seconds: 1, audio: true }));
    const voice = await makeVoiceMessage(tools, file, out);
    expect((await inspect(voice.file)).streams.map((s) => s.codec_type)).toEqual(['audio']);
  });
});

describe('voice message argv', () => {
  it.each([
    ['webm', 'matroska'],
    ['mp4', 'mov'],
    ['ogg', 'ogg'],
    ['mp3', 'mp3'],
    ['wav', 'wav'],
  ] as const)(
    'reads a %s upload with the %s demuxer forced, plain files only, no stdin, no metadata',
    async (format, demuxer) => {
      const { file, out } = await upload(await makeAudio({ seconds: 1, format }));
      await makeVoiceMessage(tools, file, out);
      const calls = vi.mocked(runTool).mock.calls.map(([binary, args]) => ({ binary, args }));
      expect(calls.map((c) => c.binary)).toEqual([tools.ffprobe, tools.ffmpeg, tools.ffprobe]);
      for (const { binary, args } of calls) {
        const beforeInput = args.includes('-i') ? args.slice(0, args.indexOf('-i')) : args;
        const option = (flag: string) => beforeInput[beforeInput.indexOf(flag) + 1];
        const readsOwnOutput = args.at(-1)?.endsWith('voice.m4a') && binary === tools.ffprobe;
        expect(option('-f')).toBe(readsOwnOutput ? 'mov' : demuxer);
        expect(option('-protocol_whitelist')).toBe('file');
        if (demuxer === 'mov' || readsOwnOutput) expect(option('-enable_drefs')).toBe('0');
        if (binary === tools.ffmpeg) {
          expect(args).toContain('-nostdin');
          expect(args[args.indexOf('-map_metadata') + 1]).toBe('-1');
          expect(args[args.indexOf('-t') + 1]).toBe(String(AUDIO_MAX_SECONDS + 3));
          expect(args[args.indexOf('-b:a') + 1]).toBe('80k');
          expect(args[args.indexOf('-ac') + 1]).toBe('1');
        }
      }
    },
  );
});

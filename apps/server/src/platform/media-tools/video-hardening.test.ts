import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeVideo } from '../../test/media-fixtures.ts';
import { externalReferenceMp4, FFCONCAT_LIST, hlsPlaylist } from '../../test/hostile-media.ts';
import { ffmpegBinaries } from './ffmpeg-binaries.ts';
import type * as RunToolModule from './run-tool.ts';
import { runTool } from './run-tool.ts';
import {
  makeMp4AndPoster,
  makeSlowMotion,
  makeWebm,
  probeVideo,
  UnprocessableMediaError,
  type VideoContainer,
} from './video.ts';

// Every tool run is recorded (and still really executed) so the argv can be checked.
vi.mock('./run-tool.ts', async (importOriginal) => {
  const real = await importOriginal<typeof RunToolModule>();
  return { ...real, runTool: vi.fn(real.runTool) };
});

const run = promisify(execFile);
const tools = ffmpegBinaries();
let dir: string;
let secretMp4: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'glimpse-hostile-'));
  // A video standing in for another user's file on the same disk.
  secretMp4 = path.join(dir, 'secret.mp4');
  await writeFile(secretMp4, await makeVideo({ seconds: 1, audio: false }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.mocked(runTool).mockClear();
});

async function hostileFile(name: string, data: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, data);
  return file;
}

/** What ffprobe makes of a file when left to guess its format, as an unhardened call would. */
async function guessedFormat(file: string): Promise<string> {
  const { stdout } = await run(tools.ffprobe, [
    '-v',
    'error',
    '-show_entries',
    'format=format_name',
    '-of',
    'csv=p=0',
    file,
  ]);
  return stdout.trim();
}

function recordedCalls(): { binary: string; args: string[] }[] {
  return vi.mocked(runTool).mock.calls.map(([binary, args]) => ({ binary, args }));
}

/** The value following `flag` in an argv before the first input. */
function inputOption(args: string[], flag: string): string | undefined {
  const before = args.includes('-i') ? args.slice(0, args.indexOf('-i')) : args;
  const at = before.indexOf(flag);
  return at === -1 ? undefined : before[at + 1];
}

function expectHardened(container: VideoContainer): void {
  const calls = recordedCalls();
  expect(calls.length).toBeGreaterThan(0);
  for (const { binary, args } of calls) {
    // The duration check reads our own mp4 back; everything else reads the upload.
    const readsOwnOutput = args.at(-1)?.endsWith('video.mp4') && binary === tools.ffprobe;
    expect(inputOption(args, '-f')).toBe(readsOwnOutput ? 'mov' : container);
    expect(inputOption(args, '-protocol_whitelist')).toBe('file');
    if (container === 'mov') expect(inputOption(args, '-enable_drefs')).toBe('0');
    if (binary === tools.ffmpeg) {
      expect(args).toContain('-nostdin');
      // One `-map_metadata -1` per output file (the last argument of each output is its path).
      const outputs = args.filter((arg, i) => args[i - 1] === '-y').length;
      expect(args.filter((arg, i) => arg === '-1' && args[i - 1] === '-map_metadata')).toHaveLength(
        outputs,
      );
    }
  }
}

describe('ffmpeg argv', () => {
  it.each(['mov', 'matroska'] as const)(
    'forces the %s demuxer, file-only protocols and no metadata on every run',
    async (container) => {
      const source = await hostileFile(
        `clip-${container}`,
        await makeVideo({ seconds: 1, format: container === 'mov' ? 'mp4' : 'webm' }),
      );
      const out = await mkdtemp(path.join(dir, 'out-'));
      const input = { container, file: source, withAudio: true };
      await makeMp4AndPoster(tools, input, out);
      await makeWebm(tools, input, out);
      await makeSlowMotion(tools, input, out);
      expect(recordedCalls().map((c) => c.binary)).toEqual([
        tools.ffmpeg,
        tools.ffprobe,
        tools.ffmpeg,
        tools.ffmpeg,
      ]);
      expectHardened(container);
    },
  );
});

describe('files that point ffmpeg at other local files', () => {
  it('refuses an HLS playlist forced through as a video, which ffmpeg would otherwise follow', async () => {
    const local = await hostileFile('local.m3u8', hlsPlaylist([secretMp4]));
    expect(await guessedFormat(local)).toBe('hls');
    const passwd = await hostileFile('passwd.m3u8', hlsPlaylist());
    for (const file of [local, passwd]) {
      await expect(probeVideo(tools, 'mov', file)).rejects.toBeInstanceOf(UnprocessableMediaError);
      await expect(
        makeMp4AndPoster(tools, { container: 'mov', file, withAudio: false }, dir),
      ).rejects.toBeInstanceOf(UnprocessableMediaError);
    }
    expectHardened('mov');
  });

  it('refuses an ffconcat list forced through as a video', async () => {
    const local = await hostileFile(
      'concat.txt',
      Buffer.from(`ffconcat version 1.0\nfile '${path.basename(secretMp4)}'\n`),
    );
    expect(await guessedFormat(local)).toBe('concat');
    const passwd = await hostileFile('passwd.ffconcat', FFCONCAT_LIST);
    for (const file of [local, passwd]) {
      await expect(probeVideo(tools, 'matroska', file)).rejects.toBeInstanceOf(
        UnprocessableMediaError,
      );
      await expect(
        makeWebm(tools, { container: 'matroska', file, withAudio: false }, dir),
      ).rejects.toBeInstanceOf(UnprocessableMediaError);
    }
    expectHardened('matroska');
  });

  it('does not follow an mp4 data reference to a file next to it', async () => {
    const original = await makeVideo({ seconds: 1, audio: false });
    await writeFile(secretMp4, original);
    const crafted = await hostileFile(
      'external.mp4',
      externalReferenceMp4(original, '/elsewhere/secret.mp4'),
    );
    // The crafted file is real: a demuxer allowed to follow references decodes the secret.
    const followed = path.join(dir, 'followed.png');
    await run(tools.ffmpeg, [
      '-v',
      'error',
      '-f',
      'mov',
      '-enable_drefs',
      '1',
      '-i',
      crafted,
      '-frames:v',
      '1',
      '-update',
      '1',
      '-y',
      followed,
    ]);
    const out = await mkdtemp(path.join(dir, 'out-'));
    await expect(
      makeMp4AndPoster(tools, { container: 'mov', file: crafted, withAudio: false }, out),
    ).rejects.toBeInstanceOf(UnprocessableMediaError);
    expectHardened('mov');
  });
});

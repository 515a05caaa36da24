// Video "ready" time: a 10 s 720p clip posted over HTTP to the real server until the owner's
// `story.ready` arrives over realtime, against standalone ffmpeg producing the same mp4 and
// poster from the same file with the same arguments and priority. Medians of alternating runs.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegBinaries } from '../../apps/server/src/platform/media-tools/ffmpeg-binaries.ts';
import { TOOL_NICENESS } from '../../apps/server/src/platform/media-tools/run-tool.ts';
import { mp4AndPosterArgs } from '../../apps/server/src/platform/media-tools/video-args.ts';
import { startBenchServer } from './bench-server.ts';
import { fmt, median, runBinary, timed, verdict } from './measure.ts';

const RUNS = Number(process.env.BENCH_VIDEO_RUNS ?? 3);

/** A phone-like source: H.264 + AAC, 1280x720 at 30 fps, moving test pattern and a tone. */
async function makeClip(ffmpeg: string, file: string): Promise<void> {
  await runBinary(ffmpeg, [
    '-nostdin',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30:duration=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=10',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-y',
    file,
  ]);
}

export async function benchVideoReady(): Promise<void> {
  const tools = ffmpegBinaries();
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-bench-video-'));
  const clip = path.join(dir, 'clip.mp4');
  await makeClip(tools.ffmpeg, clip);
  const data = await readFile(clip);
  const bench = await startBenchServer();
  try {
    const standalone = async () => {
      const out = await mkdtemp(path.join(dir, 'out-'));
      const { ms } = await timed(() =>
        runBinary(
          tools.ffmpeg,
          mp4AndPosterArgs({ container: 'mov', file: clip, withAudio: true }, out),
          // The server runs its tools at this priority; on a busy machine it matters.
          TOOL_NICENESS,
        ),
      );
      await rm(out, { recursive: true, force: true });
      return ms;
    };
    const pipeline = async () => {
      const { ms, value } = await timed(async () => {
        const story = await bench.postStory(data, 'clip.mp4');
        return bench.whenProcessed(story.id);
      });
      if (value !== 'ready') throw new Error('the clip failed to process');
      // The webm follows off the critical path; let it finish so it never overlaps the next run.
      await bench.server.ctx.jobs.drain(300_000);
      return ms;
    };
    // Warm-up: first spawn, sharp and code paths; not counted.
    await standalone();
    await pipeline();
    const baseline: number[] = [];
    const server: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      baseline.push(await standalone());
      server.push(await pipeline());
    }
    const ratio = median(server) / median(baseline);
    console.log(
      `video ready, 10 s 1280x720 H.264+AAC, ${data.length} bytes, ${RUNS} runs each (medians)`,
    );
    console.log(
      `  standalone ffmpeg (mp4 + poster): ${fmt(median(baseline) / 1000)} s  [${baseline.map((ms) => fmt(ms / 1000)).join(', ')}]`,
    );
    console.log(
      `  server: POST -> story.ready:      ${fmt(median(server) / 1000)} s  [${server.map((ms) => fmt(ms / 1000)).join(', ')}]`,
    );
    console.log(`  ${verdict(ratio, '<= 1.3x', ratio <= 1.3)}`);
  } finally {
    await bench.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

import type { ChildProcess } from 'node:child_process';
import { spawnTool } from '../../apps/server/src/platform/media-tools/run-tool.ts';

/**
 * The camera: an ffmpeg test pattern in real time (`-re`) with the wall clock burned into each
 * frame as a machine-readable strip, so a player that decodes the frame can tell how old it is.
 *
 * Each frame gets its wall-clock time (ms, `RTCTIME`) as its timestamp when the pattern is made,
 * a tiny `geq` writes the low CLOCK_BITS bits of it as 24 blocks (top row: the bits, bottom
 * row: the same bits inverted, so a misread is caught), scaled up without blur and laid over the
 * top left; then the timestamps go back to the frame count so `-re` paces the source at the
 * frame rate. The player reads block centres and compares with its own clock (same machine).
 */
export const CLOCK_BITS = 24;

export interface SourceFormat {
  width: number;
  height: number;
  fps: number;
}

/** One block of the strip on the source picture, in pixels (even: 4:2:0 keeps it sharp). */
export function clockBlock({ width }: SourceFormat): { width: number; height: number } {
  const blockWidth = 2 * Math.floor(width / (CLOCK_BITS + 2) / 2);
  return { width: blockWidth, height: 2 * Math.round(blockWidth / 3) };
}

function clockGraph(format: SourceFormat): string {
  const { width, height, fps } = format;
  const block = clockBlock(format);
  const bit = `mod(floor(floor(T*1000+0.5)/pow(2,X)),2)`;
  const strip = `${CLOCK_BITS * block.width}:${2 * block.height}`;
  return (
    `testsrc2=size=${width}x${height}:rate=${fps},format=yuv420p,` +
    `settb=1/1000,setpts=RTCTIME/1000,split[a][b];` +
    `[b]crop=${CLOCK_BITS}:2:0:0,geq=lum='255*abs(Y-${bit})':cb=128:cr=128,` +
    `scale=${strip}:flags=neighbor[s];` +
    `[a][s]overlay=0:0,setpts=N/${fps}/TB[out0];` +
    `sine=frequency=440:sample_rate=48000[out1]`
  );
}

// prettier-ignore
const sourceInput = (format: SourceFormat) => [
  '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', clockGraph(format),
];

/** The camera's ffmpeg, at normal priority; it dies with the bench (parent-death signal). */
function camera(format: SourceFormat, output: string[]): ChildProcess {
  const child = spawnTool('ffmpeg', [...sourceInput(format), ...output], 'ignore', 0);
  child.stderr.resume();
  return child;
}

/**
 * OBS: H.264 (x264 ultrafast, zerolatency, a key frame every 2 s) + AAC published over RTMP to
 * each of `urls` (one encode, the tee muxer: a pipeline and its reference get the same frames).
 */
export function publishRtmp(format: SourceFormat, urls: string[]): ChildProcess {
  const tee = urls.map((url) => `[f=flv]${url}`).join('|');
  // prettier-ignore
  const out = urls.length === 1
    ? ['-f', 'flv', urls[0]!]
    : ['-flags', '+global_header', '-map', '0:v', '-map', '0:a', '-f', 'tee', tee];
  // prettier-ignore
  const child = camera(format, [
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
    '-b:v', '2500k', '-g', String(format.fps * 2),
    '-c:a', 'aac', '-b:a', '128k', ...out,
  ]);
  child.stdout!.resume();
  return child;
}

/**
 * A browser's MediaRecorder, simulated, and the same camera published to the reference: one
 * picture, one clock. The recording is what the web app asks for first,
 * `video/webm;codecs=h264,opus` (Chrome writes it as Matroska, often from a hardware encoder:
 * x264 ultrafast here, the same encode the RTMP copy gets), or with `codec: 'vp8'` the
 * fallback (libvpx in real time, far heavier on this machine's CPU), + Opus. It reaches stdout
 * a cluster per `timesliceMs` of video, each written whole once the frame after it is encoded:
 * what a recorder with that timeslice, started as the camera's first frame arrives, hands over
 * in each `ondataavailable`. The RTMP copy carries AAC (FLV has no Opus).
 */
export function recordAndPublish(
  format: SourceFormat,
  rtmpUrl: string,
  codec: 'h264' | 'vp8',
  timesliceMs: number,
): ChildProcess {
  const vp8 = codec === 'vp8';
  // prettier-ignore
  const encoders = [
    '-map', '0:v', ...(vp8 ? ['-map', '0:v'] : []), '-map', '0:a', '-map', '0:a',
    '-c:v:0', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
    '-b:v:0', '2500k', '-g', String(format.fps * 2),
    ...(vp8 ? ['-c:v:1', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v:1', '2500k'] : []),
    '-c:a:0', 'aac', '-b:a:0', '128k', '-c:a:1', 'libopus', '-b:a:1', '128k',
  ];
  // Tee slaves: the RTMP copy, and the recording cut by video time (no size limit) on stdout.
  const recording = `f=${vp8 ? 'webm' : 'matroska'}:select=\\'v:${vp8 ? 1 : 0},a:1\\'`;
  const cut = `cluster_time_limit=${timesliceMs}:cluster_size_limit=100000000:flush_packets=1`;
  const slaves = [`[f=flv:select=\\'v:0,a:0\\']${rtmpUrl}`, `[${recording}:${cut}]pipe:1`];
  return camera(format, [...encoders, '-flags', '+global_header', '-f', 'tee', slaves.join('|')]);
}

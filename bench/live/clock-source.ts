import { spawn, type ChildProcess } from 'node:child_process';

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

/**
 * OBS: H.264 (x264 ultrafast, zerolatency, a key frame every 2 s) + AAC published over RTMP to
 * each of `urls` (one encode, the tee muxer: a pipeline and its reference get the same frames).
 */
export function publishRtmp(format: SourceFormat, urls: string[]): ChildProcess {
  const out =
    urls.length === 1
      ? ['-f', 'flv', urls[0]!]
      : [
          '-flags',
          '+global_header',
          '-map',
          '0:v',
          '-map',
          '0:a',
          '-f',
          'tee',
          urls.map((u) => `[f=flv]${u}`).join('|'),
        ];
  // prettier-ignore
  return spawn('ffmpeg', [
    ...sourceInput(format),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
    '-b:v', '2500k', '-g', String(format.fps * 2),
    '-c:a', 'aac', '-b:a', '128k', ...out,
  ], { stdio: 'ignore' });
}

/**
 * A browser's MediaRecorder with a 1 s timeslice, simulated: what the web app asks for first,
 * `video/webm;codecs=h264,opus` (Chrome writes it as Matroska, often from a hardware encoder:
 * x264 ultrafast here), or with `codec: 'vp8'` the fallback (libvpx realtime, far heavier on
 * this machine's CPU). A cluster per second, each flushed to stdout as it closes; the caller
 * sends every chunk it reads as one WebSocket message, as the web app sends each chunk.
 */
export function recordWebm(format: SourceFormat, codec: 'h264' | 'vp8' = 'h264'): ChildProcess {
  const gop = ['-g', String(format.fps * 2)];
  // prettier-ignore
  const video = codec === 'h264'
    ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-b:v', '2500k', ...gop]
    : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '2500k', ...gop];
  // prettier-ignore
  return spawn('ffmpeg', [
    ...sourceInput(format), ...video, '-c:a', 'libopus', '-b:a', '128k',
    '-cluster_time_limit', '1000', '-flush_packets', '1',
    '-f', codec === 'h264' ? 'matroska' : 'webm', 'pipe:1',
  ], { stdio: ['ignore', 'pipe', 'ignore'] });
}

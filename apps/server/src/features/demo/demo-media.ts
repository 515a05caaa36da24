import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ffmpegBinaries } from '../../platform/media-tools/ffmpeg-binaries.ts';

const run = promisify(execFile);

/** A portrait "photo" for a demo story: a generated landscape of gradients and shapes. */
export function demoStoryImage(seed: number): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const sun = 200 + ((seed * 29) % 600);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920" viewBox="0 0 1080 1920">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},80%,75%)"/>
  </linearGradient></defs>
  <rect width="1080" height="1920" fill="url(#sky)"/>
  <circle cx="${sun}" cy="${500 + ((seed * 31) % 300)}" r="160" fill="hsla(${(hue + 180) % 360},90%,85%,0.9)"/>
  <path d="M0 1300 Q 270 ${1100 + ((seed * 17) % 150)} 540 1300 T 1080 1300 V1920 H0 Z" fill="hsl(${(hue + 120) % 360},45%,30%)"/>
  <path d="M0 1500 Q 300 ${1400 + ((seed * 13) % 120)} 600 1520 T 1080 1480 V1920 H0 Z" fill="hsl(${(hue + 140) % 360},40%,20%)"/>
</svg>`;
  // Rendered at half size: plenty for a demo, and a first start stays quick.
  return sharp(Buffer.from(svg)).resize(540, 960).jpeg({ quality: 85 }).toBuffer();
}

/** A short demo clip rendered by ffmpeg from its own test sources, written to `file`. */
export async function writeDemoStoryVideo(seed: number, file: string): Promise<void> {
  const { ffmpeg } = ffmpegBinaries();
  const sources = ['testsrc2', 'life=ratio=0.2:mold=10:life_color=#FE4811', 'rgbtestsrc'];
  const source = sources[seed % sources.length]!;
  const size = source.startsWith('life') ? ':size=270x480' : '=size=270x480';
  await run(
    ffmpeg,
    [
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `${source}${size}:rate=25`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${220 + seed * 55}`,
      '-t',
      '3',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-f',
      'mp4',
      '-y',
      file,
    ],
    { timeout: 60_000 },
  );
}

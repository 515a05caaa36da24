import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
}

function works(binary: string): boolean {
  const result = spawnSync(binary, ['-version'], { stdio: 'ignore', timeout: 10_000 });
  return result.status === 0;
}

function npmShipped(pkg: string): string | undefined {
  try {
    return (require(pkg) as { path: string }).path;
  } catch {
    return undefined;
  }
}

/**
 * The system ffmpeg/ffprobe when present (FFMPEG_PATH or PATH), else the binaries shipped in the
 * npm packages, so video works on a machine with only Node. Resolved once per process.
 */
let resolved: FfmpegBinaries | undefined;
export function ffmpegBinaries(configuredFfmpeg = 'ffmpeg'): FfmpegBinaries {
  if (resolved) return resolved;
  const systemProbe = configuredFfmpeg.replace(/ffmpeg(\.exe)?$/, 'ffprobe$1');
  if (works(configuredFfmpeg) && works(systemProbe)) {
    resolved = { ffmpeg: configuredFfmpeg, ffprobe: systemProbe };
  } else {
    const ffmpeg = npmShipped('@ffmpeg-installer/ffmpeg');
    const ffprobe = npmShipped('@ffprobe-installer/ffprobe');
    if (!ffmpeg || !ffprobe) throw new Error('ffmpeg not found: install it or set FFMPEG_PATH');
    resolved = { ffmpeg, ffprobe };
  }
  return resolved;
}

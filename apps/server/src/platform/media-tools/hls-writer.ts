import { mkdirSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LIVE_PLAYLIST, liveHlsArgs, type LiveInput } from './hls-args.ts';
import { spawnTool } from './run-tool.ts';

/** How the writer's ffmpeg ended: `code` 0 after its input ended normally. */
export interface WriterExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The tail of ffmpeg's stderr, for the log (it names paths: never for clients). */
  stderr: string;
}

/**
 * Live video runs a little below request handling but above batch transcodes: a niced
 * live encoder falls behind the live edge whenever the machine is busy.
 */
const LIVE_NICENESS = 5;
/** How long a writer may take to flush its last segment after its input ended. */
const FLUSH_TIMEOUT_MS = 5_000;

/**
 * One live stream's ffmpeg: fed MediaRecorder chunks through stdin (or reading the local RTMP
 * server), writing HLS into `outDir`. Long-running, so it has no timeout; it dies with this
 * process (pdeathsig) and is stopped by its owner; `exited` resolves when it is gone. What it
 * writes is published from `outDir` by the live feature (its HLS publisher).
 */
export class HlsWriter {
  readonly exited: Promise<WriterExit>;
  private readonly child: ReturnType<typeof spawnTool>;
  private done = false;

  private constructor(
    binary: string,
    input: LiveInput,
    readonly outDir: string,
    resume: boolean,
    keepSegments: number,
  ) {
    this.child = spawnTool(
      binary,
      liveHlsArgs(input, outDir, resume, keepSegments),
      input.kind === 'pipe' ? 'pipe' : 'ignore',
      LIVE_NICENESS,
    );
    let stderr = '';
    this.child.stdout.resume();
    this.child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000);
    });
    // A write after ffmpeg died fails with EPIPE on stdin: the exit says why, not the pipe.
    this.child.stdin?.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error) => {
        this.done = true;
        resolve({ code: null, signal: null, stderr: error.message });
      });
      this.child.once('close', (code, signal) => {
        this.done = true;
        resolve({ code, signal, stderr });
      });
    });
  }

  /**
   * Starts ffmpeg for a stream (its directory is made); `resume` continues the playlist. Not
   * async, so a caller can feed it the chunks that arrive in the same tick.
   */
  static start(
    binary: string,
    input: LiveInput,
    outDir: string,
    options: { resume?: boolean; keepSegments?: number } = {},
  ): HlsWriter {
    mkdirSync(outDir, { recursive: true });
    return new HlsWriter(binary, input, outDir, options.resume ?? false, options.keepSegments ?? 0);
  }

  get running(): boolean {
    return !this.done;
  }

  /** Feeds a chunk; false when ffmpeg's pipe is full (wait for `drained`). */
  write(chunk: Buffer): boolean {
    const stdin = this.child.stdin;
    if (!stdin || this.done || stdin.writableEnded) return true;
    return stdin.write(chunk);
  }

  /** Resolves once stdin can take more. */
  drained(): Promise<void> {
    const stdin = this.child.stdin;
    if (!stdin || !stdin.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      stdin.once('drain', resolve);
      void this.exited.then(() => resolve());
    });
  }

  /**
   * Ends the input and lets ffmpeg write out what it has (the last segment); kills it when it
   * takes longer than the flush allowance. Resolves with how it ended.
   */
  async finish(): Promise<WriterExit> {
    if (this.child.stdin && !this.child.stdin.writableEnded) this.child.stdin.end();
    if (!this.child.stdin && !this.done) this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), FLUSH_TIMEOUT_MS);
    const exit = await this.exited;
    clearTimeout(timer);
    return exit;
  }

  /** Stops ffmpeg at once (shutdown). */
  kill(): void {
    if (!this.done) this.child.kill('SIGKILL');
  }
}

/** Closes a stream's playlist for good: players stop waiting for more (`#EXT-X-ENDLIST`). */
export async function appendEndList(outDir: string): Promise<void> {
  const file = path.join(outDir, LIVE_PLAYLIST);
  try {
    const text = await readFile(file, 'utf8');
    if (!text.includes('#EXT-X-ENDLIST')) await appendFile(file, '#EXT-X-ENDLIST\n');
  } catch {
    // No playlist was ever written: nothing to close.
  }
}

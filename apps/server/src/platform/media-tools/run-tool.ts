import { spawn, spawnSync, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { setPriority } from 'node:os';

export class ToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/** Media work yields the CPU to request handling: a transcode must not slow the API down. */
export const TOOL_NICENESS = 10;

/** Tools still running; killed when this process exits so none is left writing to a temp dir. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

let setprivPath: string | null | undefined;

/**
 * util-linux `setpriv --pdeathsig KILL` makes the kernel kill the tool when this process dies,
 * even by SIGKILL or OOM, which no Node exit hook can cover. Without it (not Linux, no
 * util-linux) the exit hook still covers normal exits and crashes by exception.
 */
export function parentDeathSignalAvailable(): boolean {
  if (setprivPath === undefined) {
    const probe = spawnSync('setpriv', ['--pdeathsig', 'KILL', '--', 'true'], {
      stdio: 'ignore',
      timeout: 5_000,
    });
    setprivPath = probe.status === 0 ? 'setpriv' : null;
  }
  return setprivPath !== null;
}

function command(binary: string, args: string[]): [string, string[]] {
  return parentDeathSignalAvailable()
    ? [setprivPath!, ['--pdeathsig', 'KILL', '--', binary, ...args]]
    : [binary, args];
}

/**
 * Starts a media tool the hardened way (argument array, never a shell; killed with this process
 * by the parent-death signal and the exit hook; at `niceness`), with the given stdio. runTool
 * uses it for batch work; the live HLS writer for its long-running ffmpeg fed through stdin.
 */
export function spawnTool(
  binary: string,
  args: string[],
  stdin: 'ignore' | 'pipe',
  niceness = TOOL_NICENESS,
): ChildProcessByStdio<Writable | null, Readable, Readable> {
  installExitHook();
  const [file, argv] = command(binary, args);
  const child = spawn(file, argv, { stdio: [stdin, 'pipe', 'pipe'] }) as ChildProcessByStdio<
    Writable | null,
    Readable,
    Readable
  >;
  running.add(child);
  child.once('close', () => running.delete(child));
  child.once('error', () => running.delete(child));
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, niceness);
    } catch {
      // Already gone (it failed at once): the close handler reports why.
    }
  }
  return child;
}

/**
 * Runs a media tool with an argument array (never a shell), no stdin, and a hard timeout; the
 * process is killed when time runs out or when this process dies. Resolves with stdout, rejects
 * with the stderr tail.
 */
export function runTool(binary: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnTool(binary, args, 'ignore');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolError(`${binary} could not start: ${error.message}`, ''));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(stdout);
      const why = signal ? `killed by ${signal} (timeout ${timeoutMs} ms)` : `exit code ${code}`;
      reject(new ToolError(`${binary} failed: ${why}`, stderr));
    });
  });
}

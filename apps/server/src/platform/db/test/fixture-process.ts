import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface RunningChild {
  process: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when stdout shows `text`; rejects if the child exits first or time runs out. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/** Tests only: runs a TypeScript fixture in a separate Node process (through tsx). */
export function runFixture(
  fixture: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): RunningChild {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    process: child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: (text, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`child did not print "${text}" in time: ${err}`)),
          timeoutMs,
        );
        const check = () => {
          if (!out.includes(text)) return;
          clearTimeout(timer);
          resolve();
        };
        child.stdout.on('data', check);
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`child exited (${code}) before printing "${text}": ${err}`));
        });
        check();
      }),
  };
}

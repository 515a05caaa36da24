import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/**
 * Runs a binary with an argument array and waits for it; rejects with the stderr tail.
 * `niceness` puts it at the priority the server gives its media tools, for a fair baseline.
 */
export function runBinary(binary: string, args: string[], niceness = 0): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    if (niceness && child.pid !== undefined) setPriority(child.pid, niceness);
    let stderr = '';
    child.stderr.on(
      'data',
      (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)),
    );
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${binary} exited ${code}: ${stderr}`)),
    );
  });
}

export const fmt = (value: number, digits = 2) => value.toFixed(digits);

/** "ratio 1.12x (target <= 1.3x): met" */
export function verdict(ratio: number, target: string, met: boolean): string {
  return `ratio ${fmt(ratio)}x (target ${target}): ${met ? 'met' : 'NOT met'}`;
}

import { readFileSync } from 'node:fs';

/** Gone, or a zombie waiting for whoever inherited it to reap it: either way no longer running. */
export function isProcessRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Direct children of a process whose command name is `name` and whose arguments include
 * `withArgument` (when given), from /proc (Linux).
 */
export function childrenNamed(pid: number, name: string, withArgument?: string): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return children.filter((child) => {
    try {
      if (readFileSync(`/proc/${child}/comm`, 'utf8').trim() !== name) return false;
      return (
        withArgument === undefined ||
        readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').includes(withArgument)
      );
    } catch {
      return false;
    }
  });
}

/** Polls `condition` every 50 ms; true once it holds, false when time runs out. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 50,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return condition();
}

/** SIGKILL by pid, ignoring a process that is already gone. */
export function killIfRunning(pid: number | undefined): void {
  if (pid === undefined || !isProcessRunning(pid)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Exited in between.
  }
}

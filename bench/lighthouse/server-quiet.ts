import { readdirSync, readFileSync } from 'node:fs';

/*
 * The demo server keeps working after its stories are "ready": smaller copies, a video's webm
 * (VP9 in ffmpeg, seconds of CPU each). Lighthouse multiplies the CPU time it observes by four,
 * so an audit beside that work measures the server's encoder as much as the page: the bench
 * waits until the server and its tools have been quiet for a while.
 */

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on every Linux the bench runs on). */
const TICKS_PER_SECOND = 100;

/** `pid`'s own CPU time and its parent, from /proc/<pid>/stat (null once it has exited). */
function processStat(pid: number): { ppid: number; cpuSeconds: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: split after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields from the state (3rd): ppid is the 4th, utime the 14th, stime the 15th.
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { ppid, cpuSeconds: ticks / TICKS_PER_SECOND };
}

/** CPU seconds used so far by `root` and every process under it that is still running. */
export function treeCpuSeconds(root: number): number {
  const stats = new Map<number, { ppid: number; cpuSeconds: number }>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = processStat(pid);
    if (stat) stats.set(pid, stat);
  }
  const inTree = (pid: number): boolean => {
    for (let current = pid, hops = 0; hops < 64; hops++) {
      if (current === root) return true;
      const parent = stats.get(current)?.ppid;
      if (!parent) return false;
      current = parent;
    }
    return false;
  };
  let total = 0;
  for (const [pid, stat] of stats) if (inTree(pid)) total += stat.cpuSeconds;
  return total;
}

/**
 * Resolves once the process tree under `pid` used less than `maxShare` of one core in each of
 * `quietSeconds` consecutive seconds, or after `timeoutMs` (saying so). Without /proc (not
 * Linux) it resolves at once.
 */
export async function waitUntilQuiet(
  pid: number,
  { maxShare = 0.05, quietSeconds = 3, timeoutMs = 5 * 60_000 } = {},
): Promise<number> {
  const started = Date.now();
  let last: number;
  try {
    last = treeCpuSeconds(pid);
  } catch {
    return 0;
  }
  let quiet = 0;
  while (quiet < quietSeconds) {
    if (Date.now() - started > timeoutMs) {
      console.warn(`the demo server was still busy after ${timeoutMs / 1000} s`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = treeCpuSeconds(pid);
    quiet = now - last < maxShare ? quiet + 1 : 0;
    last = now;
  }
  return Date.now() - started;
}

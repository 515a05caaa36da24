import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: 100 on Linux for every architecture Node ships for. */
const CLOCK_TICKS = 100;

interface ProcStat {
  pid: number;
  name: string;
  ppid: number;
  /** user + system CPU so far, ms. */
  cpuMs: number;
}

/** /proc/PID/stat: name in parentheses, then state, ppid, ... utime (14) and stime (15). */
function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      ppid: Number(fields[1]),
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS,
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** The live children of `ppid` (-1: every process), optionally only those named `name`. */
export function childrenOf(ppid: number, name?: string): ProcStat[] {
  const found: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat || (ppid !== -1 && stat.ppid !== ppid)) continue;
    if (name === undefined || stat.name === name) found.push(stat);
  }
  return found;
}

/** Every process under `pid` (children, their children, ...). */
export function descendantsOf(pid: number): number[] {
  const all = childrenOf(-1);
  const found: number[] = [];
  let parents = [pid];
  while (parents.length > 0) {
    const next = all.filter((p) => parents.includes(p.ppid)).map((p) => p.pid);
    found.push(...next);
    parents = next;
  }
  return found;
}

export const cpuMsOf = (pid: number): number => readStat(pid)?.cpuMs ?? Number.NaN;

/**
 * CPU of a fixed set of processes over a window, as a share of one core (1.0 = one core busy).
 * Processes are picked at the start: a stream's ffmpeg lives for the whole window.
 */
export function cpuWindow(pids: number[]): () => number[] {
  const startedAt = performance.now();
  const before = pids.map(cpuMsOf);
  return () => {
    const elapsed = performance.now() - startedAt;
    return pids.map((pid, i) => (cpuMsOf(pid) - before[i]!) / elapsed);
  };
}

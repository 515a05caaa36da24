import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Lock files this process holds: a second open of the same directory in-process is refused too. */
const heldByThisProcess = new Set<string>();

interface Holder {
  pid: number;
  /** The holder's start time (Linux), to tell it apart from a later process given the same pid. */
  startTime: string | undefined;
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; fields after it are plain.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

const ownContent = () => `${process.pid} ${processStartTime(process.pid) ?? ''}`.trim();

function readContent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parseHolder(content: string): Holder {
  const [pid, startTime] = content.split(/\s+/);
  return { pid: Number(pid), startTime: startTime || undefined };
}

function isRunning({ pid, startTime }: Holder): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // After a reboot or container restart the pid may now belong to an unrelated process.
  const now = processStartTime(pid);
  return startTime === undefined || now === undefined || now === startTime;
}

/** Creates the file with our identity, or answers false when it already exists. */
function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, ownContent());
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes a lock left by a dead process. Two processes starting together could both see it
 * stale, and the slower one would then delete the lock the faster one had just taken; so the
 * removal happens under a short-lived guard file, and only if the lock still holds exactly
 * what was judged stale.
 */
function removeStaleLock(lockFile: string, staleContent: string): void {
  const guard = `${lockFile}.takeover`;
  if (!tryCreate(guard)) {
    const guardContent = readContent(guard);
    const guardHolder = guardContent === undefined ? undefined : parseHolder(guardContent);
    // A guard outlives its takeover only if that process died within it.
    if (guardHolder && (guardHolder.pid === process.pid || !isRunning(guardHolder))) {
      rmSync(guard, { force: true });
    }
    sleepSync(50);
    return;
  }
  try {
    if (readContent(lockFile) === staleContent) rmSync(lockFile, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}

function inUseError(pid: number, lockFile: string): Error {
  return new Error(
    `The data directory is in use by another Glimpse process (pid ${pid}, lock ${lockFile}). ` +
      'Stop that process, or set DATA_DIR to another directory, or DATABASE_URL to use PostgreSQL.',
  );
}

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt
 * it. A pid file taken with O_EXCL refuses that at once; a file left by a dead process is taken
 * over, so a crash never needs manual clean-up. Returns the release function.
 */
export function lockDataDir(lockFile: string): () => void {
  const key = path.resolve(lockFile);
  if (heldByThisProcess.has(key)) throw inUseError(process.pid, lockFile);
  for (let attempt = 0; attempt < 10; attempt++) {
    if (tryCreate(key)) {
      heldByThisProcess.add(key);
      const content = ownContent();
      return () => {
        heldByThisProcess.delete(key);
        if (readContent(key) === content) rmSync(key, { force: true });
      };
    }
    const content = readContent(key);
    if (content === undefined) continue; // released meanwhile: try again
    const holder = parseHolder(content);
    // Our own pid in a lock we do not hold is a previous process that had the same number.
    if (holder.pid !== process.pid && isRunning(holder)) throw inUseError(holder.pid, lockFile);
    removeStaleLock(key, content);
  }
  throw new Error(`Could not take the data directory lock ${lockFile}`);
}

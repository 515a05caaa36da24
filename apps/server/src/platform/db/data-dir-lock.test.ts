import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
const releases: Array<() => void> = [];
afterEach(() => {
  for (const release of releases.splice(0)) release();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshLockFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'glimpse-lock-'));
  dirs.push(dir);
  return path.join(dir, 'db.lock');
}

function lock(file: string): () => void {
  const release = lockDataDir(file);
  releases.push(release);
  return release;
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

const holderPid = (file: string) => Number(readFileSync(file, 'utf8').split(' ')[0]);

describe('lockDataDir', () => {
  it('writes our pid, refuses a second lock on the same file and frees it on release', () => {
    const file = freshLockFile();
    const release = lock(file);
    expect(holderPid(file)).toBe(process.pid);
    expect(() => lockDataDir(file)).toThrow(/in use by another Glimpse process/);
    release();
    expect(existsSync(file)).toBe(false);
    lock(file);
    expect(holderPid(file)).toBe(process.pid);
  });

  it('takes over a lock left by a process that died', () => {
    const file = freshLockFile();
    writeFileSync(file, String(deadPid()));
    lock(file);
    expect(holderPid(file)).toBe(process.pid);
  });

  it('takes over a lock with our own pid that this process does not hold (a restarted container)', () => {
    const file = freshLockFile();
    writeFileSync(file, `${process.pid} 1`);
    lock(file);
    expect(holderPid(file)).toBe(process.pid);
  });

  it('refuses a lock held by a live process and names it', async () => {
    const file = freshLockFile();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      writeFileSync(file, String(holder.pid));
      expect(() => lockDataDir(file)).toThrow(`pid ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over when the pid now belongs to another process (pid reuse after a reboot)',
    () => {
      const file = freshLockFile();
      // The parent is alive, but it started at another time than the recorded holder.
      writeFileSync(file, `${process.ppid} 1`);
      lock(file);
      expect(holderPid(file)).toBe(process.pid);
    },
  );

  it('is not blocked by a takeover guard left by a process that died during a takeover', () => {
    const file = freshLockFile();
    writeFileSync(file, String(deadPid()));
    writeFileSync(`${file}.takeover`, String(deadPid()));
    lock(file);
    expect(holderPid(file)).toBe(process.pid);
    expect(existsSync(`${file}.takeover`)).toBe(false);
  });

  it('leaves a lock alone on release once another process has taken it over', () => {
    const file = freshLockFile();
    const release = lockDataDir(file);
    writeFileSync(file, String(deadPid()));
    release();
    expect(existsSync(file)).toBe(true);
  });
});

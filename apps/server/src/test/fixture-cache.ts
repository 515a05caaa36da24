import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Media fixtures made once per test run: the same recipe (ffmpeg's arguments) gives the same
 * file to every suite and both database passes, instead of every file encoding its own copy
 * (~420 ffmpeg runs in a CI run, each ~0.15 s of CPU only to start). The folder belongs to the
 * run's main vitest process (every worker's parent), and global-setup.ts removes it.
 */
export function fixtureCacheDir(runnerPid = process.ppid): string {
  return path.join(tmpdir(), `glimpse-fixtures-${runnerPid}`);
}

/** The fixture `recipe` names, from the run's cache, or made by `make` and kept there. */
export async function cachedFixture(
  recipe: readonly string[],
  make: () => Promise<Buffer>,
): Promise<Buffer> {
  const dir = fixtureCacheDir();
  const file = path.join(dir, createHash('sha256').update(recipe.join('\0')).digest('hex'));
  try {
    return readFileSync(file);
  } catch {
    // Not made yet in this run.
  }
  const data = await make();
  try {
    mkdirSync(dir, { recursive: true });
    // Whole or not at all: a worker reading it meanwhile never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, data);
    renameSync(partial, file);
  } catch {
    // Not kept (the run is ending and its folder went): the next one makes it again.
  }
  return data;
}

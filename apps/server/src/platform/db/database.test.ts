import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, usePostgres } from '../../test/test-database.ts';
import { openDatabase } from './database.ts';
import { runFixture, type RunningChild } from './test/fixture-process.ts';

const holdDatabase = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'test',
  'hold-database.fixture.ts',
);
const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-db-'));
const pgliteDir = path.join(dataDir, 'db');
const children: RunningChild[] = [];
afterAll(() => {
  for (const child of children) child.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function hold(...args: string[]): RunningChild {
  const child = runFixture(holdDatabase, [pgliteDir, ...args]);
  children.push(child);
  return child;
}

// PGlite on disk only (once, in the embedded project): PostgreSQL has no data directory to guard.
describe.skipIf(usePostgres())('one process per PGlite data directory', () => {
  it('refuses a second open in the same process, and allows it again after close', async () => {
    const first = await openDatabase({ pgliteDir });
    await expect(openDatabase({ pgliteDir })).rejects.toThrow(/in use/);
    await first.close();
    const again = await openDatabase({ pgliteDir });
    await again.close();
  }, 60_000);

  it('refuses another process at once, and takes the directory over after that process crashed', async () => {
    const holder = hold('written before the crash');
    await holder.waitFor('opened');

    await expect(openDatabase({ pgliteDir })).rejects.toThrow(
      `in use by another Glimpse process (pid ${holder.process.pid}`,
    );

    const second = hold();
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain('in use by another Glimpse process');
    // Opening PGlite takes seconds; the refusal comes before it starts.
    const refusedAfterMs = Number(/refused after (\d+) ms/.exec(second.stderr())?.[1]);
    expect(refusedAfterMs).toBeLessThan(500);

    holder.process.kill('SIGKILL');
    await holder.exited;
    const afterCrash = await openDatabase({ pgliteDir });
    try {
      const { rows } = await afterCrash.executeSql<{ note: string }>(
        'select note from crash_probe',
      );
      expect(rows).toEqual([{ note: 'written before the crash' }]);
    } finally {
      await afterCrash.close();
    }
  }, 90_000);
});

describe.runIf(usePostgres())('PostgreSQL', () => {
  it('lets several nodes start together on a fresh database (migrations run once, under a lock)', async () => {
    const throwaway = await createThrowawayDatabase();
    try {
      const opened = await Promise.allSettled(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: throwaway.url })),
      );
      const databases = opened.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      );
      try {
        expect(opened.filter((result) => result.status === 'rejected')).toEqual([]);
        const { rows } = await databases[0]!.executeSql<{ jit: string }>('show jit');
        expect(rows).toEqual([{ jit: 'off' }]);
      } finally {
        await Promise.all(databases.map((database) => database.close()));
      }
    } finally {
      await throwaway.drop();
    }
  }, 60_000);
});

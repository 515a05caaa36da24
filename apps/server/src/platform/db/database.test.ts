import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, usePostgres } from '../../test/test-database.ts';
import { openDatabase } from './database.ts';
import { PGLITE_SETTINGS } from './pglite-init.ts';
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

describe.skipIf(usePostgres())('PGlite settings', () => {
  // The embedded default must stay small (docs/footguns.md): initdb's 128 MB shared_buffers
  // alone is resident from the start in PGlite's wasm heap.
  it('creates a fresh data directory and opens it with the small-machine settings', async () => {
    const fresh = path.join(dataDir, 'fresh');
    const database = await openDatabase({ pgliteDir: fresh });
    try {
      const { rows } = await database.executeSql<{ shared_buffers: string }>('show shared_buffers');
      expect(rows).toEqual([{ shared_buffers: PGLITE_SETTINGS.shared_buffers }]);
      expect(PGLITE_SETTINGS.shared_buffers).toBe('16MB');
      await database.executeSql('create table probe (id int)');
    } finally {
      await database.close();
    }
    const reopened = await openDatabase({ pgliteDir: fresh });
    try {
      const { rows } = await reopened.executeSql<{ n: number }>(
        'select count(*)::int as n from probe',
      );
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('starts an in-memory database (tests) with the same settings', async () => {
    const database = await openDatabase({});
    try {
      const { rows } = await database.executeSql<{ shared_buffers: string }>('show shared_buffers');
      expect(rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await database.close();
    }
  }, 120_000);
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

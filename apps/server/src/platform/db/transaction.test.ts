import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { inTransaction } from './transaction.ts';

let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await openScratchDatabase();
  await scratch.database.executeSql('create table tx_probe (note text not null)');
});
afterAll(async () => {
  await scratch?.close();
});

/** Counted outside the transaction: on PostgreSQL another pooled connection sees only commits. */
async function rowsWithNote(note: string): Promise<number> {
  const { rows } = await scratch.database.executeSql<{ n: number }>(
    'select count(*)::int as n from tx_probe where note = $1',
    [note],
  );
  return rows[0]!.n;
}

const uniqueNote = () => randomBytes(6).toString('hex');

describe('inTransaction', () => {
  it('runs queued effects in order, only after the write is committed', async () => {
    const note = uniqueNote();
    const seen: string[] = [];
    const result = await inTransaction(scratch.database.db, async (tx, effects) => {
      await tx.execute(sql`insert into tx_probe (note) values (${note})`);
      effects.afterCommit(async () => {
        seen.push(`first saw ${await rowsWithNote(note)} row`);
      });
      effects.afterCommit(() => {
        seen.push('second');
      });
      seen.push('work done');
      return 'answer';
    });
    expect(result).toBe('answer');
    expect(seen).toEqual(['work done', 'first saw 1 row', 'second']);
  });

  it('never runs the effects when the work throws, and the write is rolled back', async () => {
    const note = uniqueNote();
    let effectRan = false;
    const failure = new Error('work failed');
    await expect(
      inTransaction(scratch.database.db, async (tx, effects) => {
        await tx.execute(sql`insert into tx_probe (note) values (${note})`);
        effects.afterCommit(() => {
          effectRan = true;
        });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(effectRan).toBe(false);
    expect(await rowsWithNote(note)).toBe(0);
  });

  it('reports a failing effect without failing the call or skipping the next effect', async () => {
    const note = uniqueNote();
    const reported: unknown[] = [];
    let laterEffectRan = false;
    const broken = new Error('effect broke');
    const result = await inTransaction(
      scratch.database.db,
      async (tx, effects) => {
        await tx.execute(sql`insert into tx_probe (note) values (${note})`);
        effects.afterCommit(() => {
          throw broken;
        });
        effects.afterCommit(() => {
          laterEffectRan = true;
        });
        return 7;
      },
      (error) => reported.push(error),
    );
    expect(result).toBe(7);
    expect(reported).toEqual([broken]);
    expect(laterEffectRan).toBe(true);
    expect(await rowsWithNote(note)).toBe(1);
  });
});

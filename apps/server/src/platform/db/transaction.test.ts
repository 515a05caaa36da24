import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forgetRelay, registerRelay } from '../outbox/relay-registry.ts';
import { openScratchDatabase, type ScratchDatabase } from './test/scratch-database.ts';
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

/** Outbox rows whose payload carries `note`, as another connection sees them. */
async function outboxRowsWithNote(note: string) {
  const { rows } = await scratch.database.executeSql<{ kind: string; name: string }>(
    "select kind, name from outbox where payload->>'note' = $1 order by id",
    [note],
  );
  return rows;
}

/**
 * A relay stand-in: records the rows it was handed and which of them another connection could
 * already see (committed) at that moment.
 */
const relayCalls: Array<{ handed: string[]; committed: string[] }> = [];
let relayNote = '';
const relay = {
  leaseSeconds: 30,
  deliverClaimed: async (rows: Array<{ name: string }>) => {
    relayCalls.push({
      handed: rows.map((row) => row.name),
      committed: (await outboxRowsWithNote(relayNote)).map((row) => row.name),
    });
  },
};
afterEach(() => {
  forgetRelay(scratch.database.db, relay);
  relayCalls.length = 0;
});

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

  it('writes queued jobs and events to the outbox in the transaction, and asks the relay once it committed', async () => {
    const note = uniqueNote();
    relayNote = note;
    registerRelay(scratch.database.db, relay);
    const payload = { storyId: 1, note } as { storyId: number };
    await inTransaction(scratch.database.db, async (tx, effects) => {
      await tx.execute(sql`insert into tx_probe (note) values (${note})`);
      effects.enqueue('story.process', payload, { priority: -10 });
      effects.emitToUser(7, 'story.ready', { story_id: 1, note } as { story_id: number });
      // Nothing is written before the work is done, and nothing is asked of the relay yet.
      expect(relayCalls).toEqual([]);
    });
    const names = ['story.process', 'story.ready'];
    expect(relayCalls).toEqual([{ handed: names, committed: names }]);
    // Written claimed for that relay, so no other relay takes them while it delivers.
    const { rows } = await scratch.database.executeSql(
      `select kind, name, payload, options, attempts, available_at > now() + interval '20 seconds' as claimed
       from outbox where payload->>'note' = $1 order by id`,
      [note],
    );
    expect(rows).toEqual([
      {
        kind: 'job',
        name: 'story.process',
        payload,
        options: { priority: -10 },
        attempts: 1,
        claimed: true,
      },
      {
        kind: 'realtime',
        name: 'story.ready',
        payload: { story_id: 1, note },
        options: { userId: 7 },
        attempts: 1,
        claimed: true,
      },
    ]);
  });

  it('leaves no outbox row when the transaction rolls back, and never asks the relay', async () => {
    const note = uniqueNote();
    relayNote = note;
    registerRelay(scratch.database.db, relay);
    await expect(
      inTransaction(scratch.database.db, async (tx, effects) => {
        effects.enqueue('story.process', { storyId: 2, note } as { storyId: number });
        effects.emitToUser(7, 'story.ready', { story_id: 2, note } as { story_id: number });
        await tx.execute(sql`insert into tx_probe (note) values (${note})`);
        throw new Error('work failed after queueing');
      }),
    ).rejects.toThrow('work failed after queueing');
    expect(await outboxRowsWithNote(note)).toEqual([]);
    expect(relayCalls).toEqual([]);
  });

  it('without a relay in this process, writes the rows due at once for any relay', async () => {
    const note = uniqueNote();
    await inTransaction(scratch.database.db, async (_tx, effects) => {
      effects.enqueue('story.process', { storyId: 3, note } as { storyId: number });
    });
    const { rows } = await scratch.database.executeSql(
      "select attempts, available_at <= now() as due from outbox where payload->>'note' = $1",
      [note],
    );
    expect(rows).toEqual([{ attempts: 0, due: true }]);
  });
});

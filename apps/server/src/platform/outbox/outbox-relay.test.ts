import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDatabase, type ScratchDatabase } from '../db/test/scratch-database.ts';
import { inTransaction } from '../db/transaction.ts';
import type { EnqueueOptions, JobName } from '../queue/job-runner.ts';
import { PgBossJobRunner } from '../queue/pg-boss-job-runner.ts';
import type { EventName, RoomAccessScope } from '../realtime/realtime-emitter.ts';
import { outboxJobId } from './outbox-job-id.ts';
import { OutboxRelay, type OutboxRelayOptions, type OutboxTargets } from './outbox-relay.ts';
import { forgetRelay, registerRelay } from './relay-registry.ts';

const log = pino({ level: 'silent' });

let scratch: ScratchDatabase;
let runner: PgBossJobRunner;
const relays: OutboxRelay[] = [];

beforeAll(async () => {
  scratch = await openScratchDatabase();
  // No workers: queued jobs stay `created`, so the test counts exactly what was queued.
  runner = new PgBossJobRunner(scratch.database, { runWorkers: false, log });
  runner.register('avatar.variants', async () => undefined);
  await runner.start();
});
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.stop();
});
afterAll(async () => {
  await runner?.stop();
  await scratch?.close();
});

interface Delivery {
  kind: 'job' | 'realtime' | 'rooms';
  name: string;
  payload: object;
  jobId?: string | undefined;
  userId?: number;
  rooms?: string[];
}

/** Real pg-boss for jobs, a list for events; `fault` may throw instead of delivering. */
function targets(
  delivered: Delivery[],
  fault: (name: string) => Promise<void> | void = () => undefined,
): OutboxTargets {
  return {
    enqueue: async (name: JobName, payload: object, options: EnqueueOptions) => {
      await fault(name);
      await runner.enqueue(name, payload as never, options);
      delivered.push({ kind: 'job', name, payload, jobId: options.id });
    },
    toUser: (userId: number, event: EventName, payload: object) => {
      delivered.push({ kind: 'realtime', name: event, payload, userId });
    },
    toRooms: (rooms: string[], event: EventName, payload: object) => {
      delivered.push({ kind: 'realtime', name: event, payload, rooms });
    },
    recheckRoomAccess: async (scope: RoomAccessScope) => {
      await fault('recheck');
      delivered.push({ kind: 'rooms', name: 'recheck', payload: scope });
    },
  };
}

function relayWith(
  outboxTargets: OutboxTargets,
  options: Partial<OutboxRelayOptions> = {},
): OutboxRelay {
  const relay = new OutboxRelay(scratch.database.db, outboxTargets, { log, ...options });
  relays.push(relay);
  return relay;
}

/** Commits `count` thumbnail jobs (and, when asked, an event after each) with no relay running. */
async function commitEffects(tag: string, count: number, withEvents = false): Promise<void> {
  await inTransaction(scratch.database.db, async (_tx, effects) => {
    for (let index = 0; index < count; index++) {
      effects.enqueue('avatar.variants', { userId: index, sourceKey: tag });
      if (withEvents) effects.emitToUser(index, 'user.updated', { user_id: index });
    }
  });
}

async function outboxRows(): Promise<Array<{ id: number; attempts: number; last_error: string }>> {
  const { rows } = await scratch.database.executeSql<{
    id: string;
    attempts: number;
    last_error: string;
  }>('select id, attempts, last_error from outbox order by id');
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

async function queuedJobs(tag: string): Promise<Array<{ id: string; user_id: number }>> {
  const { rows } = await scratch.database.executeSql<{ id: string; user_id: number }>(
    `select id, (data->>'userId')::int as user_id from pgboss.job
     where name = 'avatar.variants' and data->>'sourceKey' = $1 order by user_id`,
    [tag],
  );
  return rows;
}

const uniqueTag = () => randomBytes(6).toString('hex');

describe('OutboxRelay', () => {
  it('delivers a room event to the rooms it names, once', async () => {
    await inTransaction(scratch.database.db, async (_tx, effects) => {
      effects.emitToRooms(['chat:7', 'user:3'], 'chat.unpinned', { chat_id: 7 });
    });
    const delivered: Delivery[] = [];
    await relayWith(targets(delivered)).start();
    expect(delivered).toEqual([
      {
        kind: 'realtime',
        name: 'chat.unpinned',
        payload: { chat_id: 7 },
        rooms: ['chat:7', 'user:3'],
      },
    ]);
    expect(await outboxRows()).toEqual([]);
  });

  it('hands a room recheck to the hub after the events queued before it, and retries one that failed', async () => {
    await inTransaction(scratch.database.db, async (_tx, effects) => {
      effects.emitToRooms(['stream:9'], 'stream.ended', { stream_id: 9, user_id: 4 });
      effects.recheckRoomAccess({ rooms: ['stream:9'] });
      effects.recheckRoomAccess({ userIds: [5, 6] });
    });
    const delivered: Delivery[] = [];
    let failures = 0;
    const relay = relayWith(
      targets(delivered, (name) => {
        if (name === 'recheck' && failures++ === 0) throw new Error('fetchSockets timed out');
      }),
      { intervalMs: 3_600_000 },
    );
    await relay.start();
    expect(delivered.map((d) => d.payload)).toEqual([
      { stream_id: 9, user_id: 4 },
      { userIds: [5, 6] },
    ]);
    await expect.poll(() => outboxRows(), { timeout: 10_000 }).toEqual([]);
    expect(delivered.at(-1)).toEqual({
      kind: 'rooms',
      name: 'recheck',
      payload: { rooms: ['stream:9'] },
    });
  });

  it('delivers at start-up what was committed while no relay ran (a crash before delivery), under ids derived from the rows', async () => {
    const tag = uniqueTag();
    await commitEffects(tag, 2, true);
    const left = await outboxRows();
    expect(left).toHaveLength(4);

    const delivered: Delivery[] = [];
    await relayWith(targets(delivered)).start();

    expect(delivered).toEqual([
      {
        kind: 'job',
        name: 'avatar.variants',
        payload: { userId: 0, sourceKey: tag },
        jobId: outboxJobId(left[0]!.id),
      },
      { kind: 'realtime', name: 'user.updated', payload: { user_id: 0 }, userId: 0 },
      {
        kind: 'job',
        name: 'avatar.variants',
        payload: { userId: 1, sourceKey: tag },
        jobId: outboxJobId(left[2]!.id),
      },
      { kind: 'realtime', name: 'user.updated', payload: { user_id: 1 }, userId: 1 },
    ]);
    expect(await queuedJobs(tag)).toEqual([
      { id: outboxJobId(left[0]!.id), user_id: 0 },
      { id: outboxJobId(left[2]!.id), user_id: 1 },
    ]);
    expect(await outboxRows()).toEqual([]);
  });

  it('on a single-process database, takes over at start the rows a dead relay had claimed', async () => {
    const tag = uniqueTag();
    // The dead process's relay: rows are written claimed for it, and it never delivers them.
    const dead = { leaseSeconds: 3600, deliverClaimed: async () => undefined };
    registerRelay(scratch.database.db, dead);
    try {
      await commitEffects(tag, 1);
    } finally {
      forgetRelay(scratch.database.db, dead);
    }
    const delivered: Delivery[] = [];
    await relayWith(targets(delivered), { releaseClaimsAtStart: true }).start();
    expect(await queuedJobs(tag)).toHaveLength(1);
    expect(await outboxRows()).toEqual([]);
  });

  it('hands a commit to pg-boss before inTransaction returns, when a relay runs', async () => {
    const tag = uniqueTag();
    const delivered: Delivery[] = [];
    await relayWith(targets(delivered), { intervalMs: 3_600_000 }).start();
    await commitEffects(tag, 1);
    expect(await queuedJobs(tag)).toHaveLength(1);
    // The row is deleted after the caller was let go.
    await expect.poll(() => outboxRows()).toEqual([]);
  });

  it('keeps a row whose delivery failed, delivers the rows after it, and retries it until it goes through', async () => {
    const tag = uniqueTag();
    const delivered: Delivery[] = [];
    let failures = 0;
    const relay = relayWith(
      targets(delivered, () => {
        if (failures++ === 0) throw new Error('Connection terminated unexpectedly');
      }),
      // Only the retry timer set by the failure can deliver it again.
      { intervalMs: 3_600_000 },
    );
    await relay.start();
    await commitEffects(tag, 2);

    expect((await queuedJobs(tag)).map((job) => job.user_id)).toEqual([1]);
    const [kept] = await outboxRows();
    expect(kept).toMatchObject({
      attempts: 1,
      last_error: 'Error: Connection terminated unexpectedly',
    });

    await expect.poll(() => outboxRows(), { timeout: 10_000 }).toEqual([]);
    expect((await queuedJobs(tag)).map((job) => job.user_id)).toEqual([0, 1]);
  });

  it('delivers each row once when two relays run at the same time', async () => {
    const tag = uniqueTag();
    await commitEffects(tag, 20, true);
    const ids = (await outboxRows()).map((row) => row.id);
    const seen: number[] = [];
    /** Records which row each delivery came from: the job id, or the event's user. */
    const recording = (delivered: Delivery[]): OutboxTargets => ({
      enqueue: async (_name, payload, options) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(ids.findIndex((id) => outboxJobId(id) === options.id));
        delivered.push({ kind: 'job', name: 'avatar.variants', payload });
      },
      toUser: (userId) => {
        seen.push(userId * 2 + 1);
      },
      toRooms: () => undefined,
      recheckRoomAccess: async () => undefined,
    });
    const first = relayWith(recording([]), { batchSize: 3 });
    const second = relayWith(recording([]), { batchSize: 3 });
    await Promise.all([first.start(), second.start()]);
    // Jobs sit at even positions, events at odd ones: every position exactly once.
    expect(seen.sort((a, b) => a - b)).toEqual(ids.map((_, index) => index));
    expect(await outboxRows()).toEqual([]);
  });

  it('does not queue a job twice when a relay dies after sending it, before deleting its row', async () => {
    const tag = uniqueTag();
    await commitEffects(tag, 1);
    let releaseDeadRelay = () => undefined as void;
    const deadRelayStuck = new Promise<void>((release) => (releaseDeadRelay = release));
    let sent = () => undefined as void;
    const hasSent = new Promise<void>((resolve) => (sent = resolve));
    // The job reaches pg-boss, then this relay never gets to delete the row.
    const dying = new OutboxRelay(
      scratch.database.db,
      {
        enqueue: async (name, payload, options) => {
          await runner.enqueue(name, payload as never, options);
          sent();
          await deadRelayStuck;
        },
        toUser: () => undefined,
        toRooms: () => undefined,
        recheckRoomAccess: async () => undefined,
      },
      { log, leaseSeconds: 1, intervalMs: 3_600_000 },
    );
    void dying.start();
    await hasSent;
    try {
      // Another relay takes the row over once the dead one's lease has run out, and sends it
      // again: pg-boss already has a job with that id and ignores the repeat.
      const delivered: Delivery[] = [];
      const survivor = relayWith(targets(delivered), { leaseSeconds: 1, intervalMs: 200 });
      await survivor.start();
      await expect.poll(() => outboxRows(), { timeout: 10_000 }).toEqual([]);
      expect(delivered).toHaveLength(1);
      expect(await queuedJobs(tag)).toHaveLength(1);
    } finally {
      releaseDeadRelay();
      await dying.stop();
    }
  });

  it('leaves no row and queues no job for a transaction that rolled back', async () => {
    const tag = uniqueTag();
    const delivered: Delivery[] = [];
    const relay = relayWith(targets(delivered));
    await relay.start();
    await expect(
      inTransaction(scratch.database.db, async (_tx, effects) => {
        effects.enqueue('avatar.variants', { userId: 1, sourceKey: tag });
        effects.emitToUser(1, 'user.updated', { user_id: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await relay.deliverNow();
    expect(await outboxRows()).toEqual([]);
    expect(delivered).toEqual([]);
    expect(await queuedJobs(tag)).toEqual([]);
  });

  it('deletes the rows of commits delivered while a delete is in flight together, none left', async () => {
    const delivered: Delivery[] = [];
    await relayWith(targets(delivered), { intervalMs: 3_600_000 }).start();
    const { session } = scratch.database.db._;
    const { prepareQuery } = session;
    let deletes = 0;
    // The first delete waits until every commit's event was delivered, so the others are
    // delivered while it is in flight whatever the machine's load (on a busy runner the ten
    // commits could otherwise come one after another, each after the last delete had ended).
    let allDelivered!: () => void;
    const delivering = new Promise<void>((resolve) => (allDelivered = resolve));
    session.prepareQuery = ((...args: Parameters<typeof prepareQuery>) => {
      const query = prepareQuery.apply(session, args);
      if (args[2] !== 'outbox_delete_rows') return query;
      deletes += 1;
      if (deletes === 1) {
        const execute = query.execute.bind(query);
        query.execute = (async (...values: Parameters<typeof execute>) => {
          await delivering;
          return execute(...values);
        }) as typeof query.execute;
      }
      return query;
    }) as typeof prepareQuery;
    try {
      // Ten commits at once, each handing its event to the relay (as ten text sends would).
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          inTransaction(scratch.database.db, async (_tx, effects) => {
            effects.emitToUser(index, 'user.updated', { user_id: index });
          }),
        ),
      );
      await expect.poll(() => delivered.length).toBe(10);
      allDelivered();
      await expect.poll(() => outboxRows()).toEqual([]);
    } finally {
      allDelivered();
      session.prepareQuery = prepareQuery;
    }
    expect(delivered.map((delivery) => delivery.userId).sort()).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    // The first delete, then one for the nine delivered while it was held.
    expect(deletes).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ne, sql } from 'drizzle-orm';
import { demoSeedSteps, users } from '../../db/schema/index.ts';
import { signedUpUser } from '../../test/factories.ts';
import { startPeerNode, startTestServer, type TestServer } from '../../test/harness.ts';
import { DEMO_MODERATOR_EMAIL } from './demo-moderation.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';

let nodeA: TestServer;
let nodeB: TestServer;
beforeAll(async () => {
  nodeA = await startTestServer();
  // One database (PGlite: the same handle; PostgreSQL: the same database), as `npm run cluster`.
  nodeB = await startPeerNode(nodeA);
});
afterAll(async () => {
  await nodeB?.stop();
  await nodeA?.stop();
});

// Seeding encodes every demo picture and video: a minute or more on a busy 2-core machine.
const SEED_TIMEOUT_MS = 240_000;

/** Everything the demo writes, counted. */
async function demoCounts() {
  const result = await nodeA.ctx.db.execute<Record<string, number>>(sql`
    select (select count(*)::int from users) as users, (select count(*)::int from stories) as stories,
      (select count(*)::int from story_watches) as watches, (select count(*)::int from chats) as chats,
      (select count(*)::int from chat_members) as members, (select count(*)::int from follows) as follows,
      (select count(*)::int from ledger_transfers) as transfers, (select count(*)::int from reports) as reports,
      (select count(*)::int from user_tags) as tags, (select count(*)::int from user_sub_categories) as categories,
      (select count(*)::int from messages where type <> 'story') as messages,
      (select count(*)::int from demo_seed_steps) as steps`);
  return result.rows[0]!;
}

describe('the demo seed on two nodes of one database', () => {
  it(
    'seeds one demo set when both start at once, and a later start adds nothing',
    async () => {
      const [a, b] = await Promise.all([seedDemoIfEmpty(nodeA.ctx), seedDemoIfEmpty(nodeB.ctx)]);
      // One node seeded; the other started without waiting.
      expect([a, b].filter((seed) => seed !== undefined)).toHaveLength(1);
      const seed = (a ?? b)!;
      // A node that starts while the content is being posted: one of the two holds the seed's
      // lock for the content and the other leaves it (on PostgreSQL either may win the lock
      // first); whoever holds it finishes, as main.ts runs the content of the seed it is given.
      const [, meanwhile] = await Promise.all([seed.seedStories(), seedDemoIfEmpty(nodeB.ctx)]);
      await meanwhile?.seedStories();
      const first = await demoCounts();
      expect(first).toMatchObject({ users: 76, steps: 6, reports: expect.any(Number) });
      expect(first.stories).toBeGreaterThan(60);
      expect(first.reports).toBeGreaterThanOrEqual(5);

      const again = await Promise.all([seedDemoIfEmpty(nodeA.ctx), seedDemoIfEmpty(nodeB.ctx)]);
      expect(again).toEqual([undefined, undefined]);
      expect(await demoCounts()).toEqual(first);
    },
    SEED_TIMEOUT_MS,
  );

  it(
    'finishes a seed a crashed start left half-done, without doubling what it had written',
    async () => {
      const before = await demoCounts();
      // As if the start died after the people but before their steps (and the moderator's
      // role) were written: only `started` is on record.
      await nodeA.ctx.db.delete(demoSeedSteps).where(ne(demoSeedSteps.step, 'started'));
      await nodeA.ctx.db
        .update(users)
        .set({ role: 'user' })
        .where(eq(users.email, DEMO_MODERATOR_EMAIL));

      const resumed = await seedDemoIfEmpty(nodeB.ctx);
      expect(resumed).toBeDefined();
      await resumed!.seedStories();
      expect(await demoCounts()).toEqual(before);
      const [moderator] = await nodeA.ctx.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.email, DEMO_MODERATOR_EMAIL));
      expect(moderator?.role).toBe('moderator');
    },
    SEED_TIMEOUT_MS,
  );

  it('leaves a database with users of its own alone', async () => {
    const own = await startTestServer();
    try {
      await signedUpUser(own);
      expect(await seedDemoIfEmpty(own.ctx)).toBeUndefined();
      const [row] = await own.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(row!.n).toBe(1);
    } finally {
      await own.stop();
    }
  });
});

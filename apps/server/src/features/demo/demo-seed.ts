import { count } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { seedDemoStories } from './demo-stories.ts';
import { seedDemoMoney } from './demo-money.ts';
import { seedDemoChats } from './demo-chats.ts';
import { DEMO_PASSWORD } from './demo-people.ts';
import { seedDemoReports } from './demo-moderation.ts';
import { demoCastIds, seedDemoPeople } from './demo-people-seed.ts';
import { finishedSteps, markStep, withDemoSeedLock, type DemoSeedStep } from './demo-seed-lock.ts';

/** What runs once the server listens, in order, each marked done when it finished. */
const CONTENT_STEPS = ['stories', 'chats', 'money', 'reports'] as const satisfies DemoSeedStep[];

/**
 * Demo creators and viewers on a first start with an empty database (DEMO_SEED=false skips it).
 * Later capabilities extend it with their own content (stories, chats).
 */
export interface DemoSeed {
  /** Posts the demo stories; slow (media processing), so it runs once the server listens. */
  seedStories(): Promise<void>;
}

/**
 * Seeds the demo people when this database is empty, or finishes a seed a crashed start left
 * half-done; answers what is left to do once the server listens (undefined: nothing). Every
 * step runs under one lock (only one node of a cluster seeds, another starts without waiting)
 * and is written to `demo_seed_steps` when done, so a second start adds nothing.
 */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<DemoSeed | undefined> {
  const claimed = await withDemoSeedLock(ctx, async () => {
    const done = await finishedSteps(ctx);
    if (!done.has('started')) {
      // Users but no seed of ours: someone's own data (or a demo from before steps were kept).
      const [row] = await ctx.db.select({ n: count() }).from(users);
      if ((row?.n ?? 0) > 0) return false;
      await markStep(ctx, 'started');
    }
    if (!done.has('people')) {
      const people = await seedDemoPeople(ctx);
      await markStep(ctx, 'people');
      ctx.log.info(`demo seed: ${people} users (password "${DEMO_PASSWORD}")`);
    }
    return CONTENT_STEPS.some((step) => !done.has(step));
  });
  if (!claimed?.value) return undefined;
  return { seedStories: () => seedDemoContent(ctx) };
}

/** The steps after the people, each skipped when done (another node may have finished them). */
async function seedDemoContent(ctx: AppContext): Promise<void> {
  await withDemoSeedLock(ctx, async () => {
    const done = await finishedSteps(ctx);
    const { creators, viewerIds } = await demoCastIds(ctx);
    const steps: Record<(typeof CONTENT_STEPS)[number], () => Promise<string>> = {
      stories: async () => {
        const stories = await seedDemoStories(ctx, creators, viewerIds);
        return `${stories} stories posted; they appear as processing finishes`;
      },
      // Before the money, so the chats' dated-back history comes before its tips' messages.
      chats: async () => {
        await seedDemoChats(ctx);
        return 'direct chats and a busy channel';
      },
      money: async () => {
        await seedDemoMoney(ctx, creators, viewerIds);
        return 'wallets, unlocks, tips and subscriptions';
      },
      reports: async () => {
        const ids = creators.map((creator) => creator.id);
        const reported = await seedDemoReports(ctx, ids, viewerIds);
        return `${reported} open reports for moderator@demo.glimpse.app`;
      },
    };
    for (const step of CONTENT_STEPS) {
      if (done.has(step)) continue;
      const said = await steps[step]();
      await markStep(ctx, step);
      ctx.log.info(`demo seed: ${said}`);
    }
  });
}

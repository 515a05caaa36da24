import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { stories } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { createStory, recordWatchForSeed } from '../stories/index.ts';
import { demoStoryImage, writeDemoStoryVideo } from './demo-media.ts';

/**
 * The seed posts about a hundred stories right after start; their processing takes a couple of
 * minutes on a small machine. Below the default priority, so a story a user posts meanwhile is
 * processed next instead of after the whole backlog.
 */
const DEMO_JOB_PRIORITY = -10;

/** How many of the creators are the hand-written cast (demo-people.ts). */
const MAIN_CAST = 25;

const CAPTIONS = [
  ['Golden hour again #sunset', ['sunset']],
  ['New routine drops Friday #dance', ['dance']],
  ['Studio day #music', ['music']],
  ['Morning stretch, ten minutes #yoga', ['yoga']],
  ['Behind the scenes', []],
  ['Road trip, day 3 #travel', ['travel']],
  ['Full tutorial for subscribers #makeup', ['makeup']],
] as const;

export interface DemoCreator {
  id: number;
  verified: boolean;
}

/** A creator's profile stories a seed that stopped half-way posted already, oldest first. */
async function postedBefore(ctx: AppContext, creatorId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.userId, creatorId), eq(stories.audience, 'public')))
    .orderBy(asc(stories.id));
  return rows.map((row) => row.id);
}

/** Some viewers have watched the story (a watch already recorded is kept as it is). */
async function recordWatches(
  ctx: AppContext,
  viewerIds: number[],
  seed: number,
  storyId: number,
): Promise<void> {
  for (const [v, viewerId] of viewerIds.entries()) {
    if ((seed + v) % 3 === 0) await recordWatchForSeed(ctx, viewerId, storyId);
  }
}

/**
 * Two or three stories per creator: mostly images, a short video for every fourth creator, a
 * priced one for verified creators. Viewers have watched some, so rings differ on the home
 * screen. Processing runs in the background like any upload. A second run (after a start that
 * stopped half-way) posts only what is missing.
 */
export async function seedDemoStories(
  ctx: AppContext,
  creators: DemoCreator[],
  viewerIds: number[],
): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-demo-'));
  let posted = 0;
  try {
    for (const [index, creator] of creators.entries()) {
      // The named cast gets two or three stories, the generated crowd one each.
      const count = index < MAIN_CAST ? 2 + (index % 2) : 1;
      const earlier = await postedBefore(ctx, creator.id);
      for (let n = 0; n < count; n++) {
        const seed = index * 3 + n;
        const before = earlier[n];
        if (before !== undefined) {
          await recordWatches(ctx, viewerIds, seed, before);
          continue;
        }
        const isVideo = n === 0 && index % 4 === 0;
        const file = path.join(dir, `story-${seed}`);
        if (isVideo) await writeDemoStoryVideo(seed, file);
        else await writeFile(file, await demoStoryImage(seed));
        const [text, tags] = CAPTIONS[seed % CAPTIONS.length]!;
        const priced = creator.verified && n === count - 1;
        const story = await createStory(
          ctx,
          creator.id,
          {
            file,
            model: {
              text,
              tags: [...tags],
              price: priced ? [2.99, 4.99, 9.99][index % 3]! : null,
              chats: [],
              subscribers: false,
            },
            meta: { muted: false, front_camera: false, landscape: false, slow_motion: false },
          },
          { jobPriority: DEMO_JOB_PRIORITY },
        );
        posted += 1;
        await recordWatches(ctx, viewerIds, seed, story.id);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return posted;
}

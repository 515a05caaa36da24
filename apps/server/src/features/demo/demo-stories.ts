import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/**
 * Two or three stories per creator: mostly images, a short video for every fourth creator, a
 * priced one for verified creators. Viewers have watched some, so rings differ on the home
 * screen. Processing runs in the background like any upload.
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
      for (let n = 0; n < count; n++) {
        const seed = index * 3 + n;
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
        for (const [v, viewerId] of viewerIds.entries()) {
          if ((seed + v) % 3 === 0) await recordWatchForSeed(ctx, viewerId, story.id);
        }
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return posted;
}

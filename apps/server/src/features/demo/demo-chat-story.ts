import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { stories } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { createStory } from '../stories/index.ts';
import { demoStoryImage } from './demo-media.ts';

/** Story seeds run from 0 up; this one stays clear of the profile stories' pictures. */
const CHAT_STORY_SEED = 500;

/**
 * A priced story posted into the owner's channel (destination broadcast), as the camera flow in
 * chat posts one: it reaches the channel as a `story` message once processed, locked for each
 * viewer until they unlock it or subscribe. Once: a second run finds the owner's chat story.
 */
export async function postDemoChannelStory(ctx: AppContext, ownerId: number): Promise<void> {
  const [earlier] = await ctx.db
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.userId, ownerId), eq(stories.audience, 'chat')));
  if (earlier) return;
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-demo-chat-story-'));
  try {
    const file = path.join(dir, 'story.jpg');
    await writeFile(file, await demoStoryImage(CHAT_STORY_SEED));
    await createStory(ctx, ownerId, {
      file,
      model: {
        text: 'Backstage before the premiere #dance',
        tags: ['dance'],
        price: 4.99,
        destination: 'broadcast',
        chats: [],
        subscribers: false,
      },
      meta: { muted: false, front_camera: false, landscape: false, slow_motion: false },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

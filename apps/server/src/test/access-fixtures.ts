import { eq } from 'drizzle-orm';
import { follows, mediaObjects, stories, subscriptions } from '../db/schema/index.ts';
import { newBlobKey } from '../platform/storage/blob-store.ts';
import type { TestServer } from './harness.ts';

export interface SeededStory {
  id: number;
  /** A rendition (`story_image`), fetched by whoever may see the story's content. */
  imageKey: string;
  /** The uploaded original (`story_source`), its owner's only. */
  sourceKey: string;
}

/** Stores a blob under a fresh key and records it, as the media pipeline would. */
export async function seedBlob(
  server: TestServer,
  row: { ownerId: number; kind: string; contentType: string; storyId?: number | null },
): Promise<string> {
  const key = newBlobKey();
  const data = Buffer.from(`blob ${key}`);
  await server.ctx.blobs.put(key, data);
  await server.ctx.db.insert(mediaObjects).values({ key, bytes: data.length, ...row });
  return key;
}

/**
 * A story with one image rendition and its source, straight into the database: access tests
 * need stories in every state (processing, failed, priced) without running the pipeline.
 */
export async function seedStory(
  server: TestServer,
  ownerId: number,
  options: { status?: 'processing' | 'ready' | 'failed'; priceCents?: number | null } = {},
): Promise<SeededStory> {
  const [row] = await server.ctx.db
    .insert(stories)
    .values({
      userId: ownerId,
      isVideo: false,
      status: options.status ?? 'ready',
      processingError: options.status === 'failed' ? 'the image could not be processed' : null,
      priceCents: options.priceCents ?? null,
      sourceKey: 'pending',
      sourceContentType: 'image/png',
    })
    .returning({ id: stories.id });
  const id = row!.id;
  const [imageKey, sourceKey] = await Promise.all([
    seedBlob(server, { ownerId, kind: 'story_image', contentType: 'image/webp', storyId: id }),
    seedBlob(server, { ownerId, kind: 'story_source', contentType: 'image/png', storyId: id }),
  ]);
  await server.ctx.db.update(stories).set({ imageKey, sourceKey }).where(eq(stories.id, id));
  return { id, imageKey, sourceKey };
}

/** An active subscription (a month from now), inserted as the wallet will write it. */
export async function seedSubscription(
  server: TestServer,
  subscriberId: number,
  creatorId: number,
): Promise<void> {
  await server.ctx.db.insert(subscriptions).values({
    subscriberId,
    creatorId,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
}

/** Makes `followerId` follow `creatorId`; repeating it changes nothing. */
export async function seedFollow(
  server: TestServer,
  followerId: number,
  creatorId: number,
): Promise<void> {
  await server.ctx.db.insert(follows).values({ followerId, creatorId }).onConflictDoNothing();
}

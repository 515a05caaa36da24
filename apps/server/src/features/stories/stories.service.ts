import { stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  fromCents,
  type EditStoryBody,
  type OwnStory,
  type Story,
  type StoryGroup,
  type StoryMediaMeta,
  type StoryPostModel,
  type StoryStatistics,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { readHead } from '../../platform/media-tools/read-head.ts';
import { sniffMedia } from '../../platform/media-tools/sniff.ts';
import {
  deleteBlobs,
  forgetMediaOfStory,
  recordMedia,
  storeBlob,
  inspectStoryImage,
  avatarSrcset,
} from '../media/index.ts';
import { requireUser } from '../users/index.ts';
import { checkAccess, requireAccess } from '../access/index.ts';
import { hashtagsOf, resolvePriceCents } from './story-rules.ts';
import { resolveChatDelivery } from './story-chat-delivery.ts';
import * as repo from './stories.repository.ts';
import type { StoryRow } from './stories.repository.ts';
import { presentOwnStory, presentStory } from './stories.presenter.ts';
import { presentStoryStatistics } from './story-statistics.presenter.ts';
import { storyTips } from '../money/index.ts';

const IMAGE_MAX_BYTES = 30 * 1024 * 1024;
/** As many bytes as readHead gives sniffMedia. */
const HEAD_BYTES = 64;

/**
 * A story's file: a path on this node (a form upload, a replay, the demo) or bytes streamed on
 * demand (a finished resumable upload, which may sit in the bucket or on another node's disk).
 */
export type StoryFile = string | { bytes: number; open(): Promise<Readable> };

async function openStoryFile(file: StoryFile): Promise<Readable> {
  return typeof file === 'string' ? createReadStream(file) : file.open();
}

async function headOf(file: StoryFile): Promise<Buffer> {
  if (typeof file === 'string') return readHead(file);
  const chunks: Buffer[] = [];
  let length = 0;
  // Leaving the loop early destroys the stream: only the first chunk is fetched.
  for await (const chunk of await file.open()) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= HEAD_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, HEAD_BYTES);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Posts a story from an uploaded file (a path or a stream): refuses what is not an image or a video by
 * its bytes, checks the price rules and, for a story posted into chats (`destination`), the
 * chats; stores the original and queues processing with the story. A chat story reaches its
 * chats when it is ready (story-processing.ts).
 * Bulk posting (the demo seed) passes a negative `jobPriority`, so a user's own upload is not
 * processed only after the whole backlog.
 */
export async function createStory(
  ctx: AppContext,
  userId: number,
  input: { file: StoryFile; model: StoryPostModel; meta: StoryMediaMeta },
  options: { jobPriority?: number } = {},
): Promise<Story> {
  const creator = await requireUser(ctx, userId);
  const priceCents = resolvePriceCents(input.model, creator.verifyOndatoAt !== null);
  const size = typeof input.file === 'string' ? (await stat(input.file)).size : input.file.bytes;
  if (size === 0) throw new AppError('file_empty');
  const sniffed = sniffMedia(await headOf(input.file));
  // A story is a picture or a video; sound alone (an m4a, an mp3) is a voice message's business.
  if (sniffed.kind === 'unknown' || sniffed.kind === 'audio')
    throw new AppError('unsupported_file');
  // An image (30 MiB at most) is read once: inspected and stored from the same bytes.
  let image: Buffer | undefined;
  if (sniffed.kind === 'image') {
    if (size > IMAGE_MAX_BYTES) throw new AppError('file_too_large');
    image = await readAll(await openStoryFile(input.file));
    await inspectStoryImage(image);
  }
  const contentType =
    sniffed.kind === 'image'
      ? `image/${sniffed.format}`
      : sniffed.format === 'mov'
        ? 'video/mp4'
        : 'video/webm';
  // Chats are checked before anything is stored, so the form gets their refusals at once.
  const delivery = await resolveChatDelivery(ctx, userId, input.model);
  // Stored as a stream either way, as every upload is (buffers are the jobs' renditions).
  const source = await storeBlob(
    ctx,
    image ? Readable.from([image]) : await openStoryFile(input.file),
  );
  try {
    const story = await inTransaction(ctx.db, async (tx, effects) => {
      const row = await repo.insertStory(tx, {
        userId,
        text: input.model.text,
        tags: [...new Set(input.model.tags)],
        priceCents,
        isVideo: sniffed.kind === 'video',
        sourceKey: source.key,
        sourceContentType: contentType,
        muted: input.meta.muted,
        width: input.meta.width ?? null,
        height: input.meta.height ?? null,
        durationSeconds: input.meta.duration ?? null,
        frontCamera: input.meta.front_camera,
        landscape: input.meta.landscape,
        slowMotion: input.meta.slow_motion && sniffed.kind === 'video',
        audience: delivery ? 'chat' : 'public',
        chatDelivery: delivery ?? null,
      });
      await recordMedia(
        { db: tx },
        {
          ...source,
          ownerId: userId,
          kind: 'story_source',
          contentType,
          storyId: row.id,
        },
      );
      // In the outbox with the story: it is processed even if queueing fails or we crash.
      effects.enqueue(
        'story.process',
        { storyId: row.id },
        options.jobPriority === undefined ? {} : { priority: options.jobPriority },
      );
      return row;
    });
    return presentStory(
      story,
      creator,
      { viewerId: userId, available: true, watched: false },
      ctx.mediaSigner,
    );
  } catch (error) {
    await deleteBlobs(ctx, [source.key]);
    throw error;
  }
}

async function requireStory(ctx: AppContext, id: number): Promise<StoryRow> {
  const story = await repo.findStory(ctx.db, id);
  if (!story) throw new AppError('story_not_found');
  return story;
}

/** A story as the viewer may see it; others never see a story that is not ready. */
export async function getStory(ctx: AppContext, viewerId: number, id: number): Promise<Story> {
  await requireAccess(ctx, viewerId, 'story.view', [id]);
  const story = await requireStory(ctx, id);
  const creator = await requireUser(ctx, story.userId);
  const [available, watched] = await Promise.all([
    checkAccess(ctx, viewerId, 'story.content', [id]),
    repo.watchedStoryIds(ctx.db, viewerId, [id]),
  ]);
  return presentStory(
    story,
    creator,
    { viewerId, available: available.has(id), watched: watched.has(id) },
    ctx.mediaSigner,
  );
}

export async function getStoryGroup(
  ctx: AppContext,
  viewerId: number,
  creatorId: number,
): Promise<StoryGroup> {
  // The access check and the two rows are read together (one round trip on PostgreSQL); nothing
  // leaves this function unless the check passed.
  const [, creator, viewer] = await Promise.all([
    requireAccess(ctx, viewerId, 'user.view', [creatorId]),
    requireUser(ctx, creatorId),
    requireUser(ctx, viewerId),
  ]);
  const storyList = await repo.listReadyStoriesOf(ctx.db, creatorId);
  const ids = storyList.map((s) => s.id);
  const [available, watched] = await Promise.all([
    checkAccess(ctx, viewerId, 'story.content', ids),
    repo.watchedStoryIds(ctx.db, viewerId, ids),
  ]);
  return {
    stories: storyList.map((story) =>
      presentStory(
        story,
        creator,
        { viewerId, available: available.has(story.id), watched: watched.has(story.id) },
        ctx.mediaSigner,
      ),
    ),
    profileImage: creator.avatarKey ? ctx.mediaSigner.url(creator.avatarKey, viewerId) : null,
    avatar_srcset: avatarSrcset(ctx.mediaSigner, creator.avatarKey, viewerId),
    name: creator.name,
    slug: creator.slug,
    creator_id: creator.id,
    subscribePrice:
      creator.subscribePriceCents === null ? null : fromCents(creator.subscribePriceCents),
    subscriptionBenefits: { benefits_list: creator.benefitsList, bundles: creator.bundles },
    guide: viewer.guide,
    auth_id: viewerId,
  };
}

export async function listOwnStories(ctx: AppContext, userId: number): Promise<OwnStory[]> {
  const storyList = await repo.listAllStoriesOf(ctx.db, userId);
  return storyList.map((story) => presentOwnStory(story, ctx.mediaSigner));
}

export async function editStory(
  ctx: AppContext,
  userId: number,
  id: number,
  body: EditStoryBody,
): Promise<{ message: string }> {
  await requireAccess(ctx, userId, 'story.edit', [id]);
  const creator = await requireUser(ctx, userId);
  const patch: Partial<repo.NewStoryRow> = {};
  if (body.price !== undefined || body.free !== undefined) {
    patch.priceCents = resolvePriceCents(body, creator.verifyOndatoAt !== null);
  }
  if (body.text !== undefined) {
    // The description is the source of the tags: editing it re-derives them.
    patch.text = body.text;
    patch.tags = hashtagsOf(body.text);
  }
  if (Object.keys(patch).length > 0) await repo.updateStory(ctx.db, id, patch);
  return { message: 'story_updated' };
}

export async function deleteStory(ctx: AppContext, userId: number, id: number): Promise<void> {
  await requireAccess(ctx, userId, 'story.edit', [id]);
  await inTransaction(ctx.db, async (tx, effects) => {
    const keys = await forgetMediaOfStory({ db: tx }, id);
    await repo.deleteStory(tx, id);
    effects.afterCommit(() => deleteBlobs(ctx, keys));
  });
}

export async function watchStory(ctx: AppContext, viewerId: number, id: number): Promise<void> {
  await requireAccess(ctx, viewerId, 'story.view', [id]);
  const story = await requireStory(ctx, id);
  // The owner looking at their own story is not a view.
  if (story.userId === viewerId) return;
  await repo.recordWatch(ctx.db, viewerId, id);
}

export async function storyStatistics(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<StoryStatistics> {
  await requireAccess(ctx, userId, 'story.statistics', [id]);
  const [purchases, tips] = await Promise.all([repo.listPurchases(ctx.db, id), storyTips(ctx, id)]);
  return presentStoryStatistics(purchases, tips);
}

/** Seeds a watch regardless of processing state (demo content is watched before it is ready). */
export async function recordWatchForSeed(
  ctx: AppContext,
  viewerId: number,
  storyId: number,
): Promise<void> {
  await repo.recordWatch(ctx.db, viewerId, storyId);
}

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ProcessingReason } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { inTransaction, type EffectQueue } from '../../platform/db/transaction.ts';
import type { JobAttempt } from '../../platform/queue/job-runner.ts';
import { ffmpegBinaries } from '../../platform/media-tools/ffmpeg-binaries.ts';
import {
  makeSmallFromPoster,
  makeStoryImageVariants,
  makeWebpVariants,
} from '../../platform/media-tools/image.ts';
import {
  makeMp4AndPoster,
  makeSlowMotion,
  makeWebm,
  probeVideo,
  UnprocessableMediaError,
  type VideoContainer,
} from '../../platform/media-tools/video.ts';
import {
  deleteBlobs,
  recordMedia,
  storeBlob,
  STORY_VARIANT_WIDTHS,
  variantKey,
} from '../media/index.ts';
import { checkMedia, storeStoryHashes, type MediaCheck } from '../known-content/index.ts';
import * as repo from './stories.repository.ts';
import type { NewStoryRow, StoryRow } from './stories.repository.ts';
import { announceReady } from './story-ready.ts';

/**
 * A file to store for a story: with `column`, the story row points at it under a fresh key;
 * with `key` instead, it is stored under that key (a smaller copy, media-variants.ts).
 */
type Rendition = {
  column?: keyof NewStoryRow;
  key?: string;
  kind: string;
  contentType: string;
  data: Buffer;
};

async function withWorkDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-story-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function sourceToFile(ctx: AppContext, story: StoryRow, dir: string): Promise<string> {
  const stream = await ctx.blobs.get(story.sourceKey);
  if (!stream)
    throw new UnprocessableMediaError('processing_source_missing', 'the uploaded file is missing');
  const file = path.join(dir, 'source');
  await pipeline(stream, createWriteStream(file));
  return file;
}

/**
 * Stores renditions and points the story at them in one transaction, with the effects that
 * follow (`followUp`). If the story was deleted meanwhile, the new blobs are removed again and
 * nothing else happens.
 */
async function saveRenditions(
  ctx: AppContext,
  story: StoryRow,
  renditions: Rendition[],
  extra: Partial<NewStoryRow>,
  followUp: (tx: Tx, effects: EffectQueue) => Promise<void> | void = () => undefined,
): Promise<boolean> {
  const stored = await Promise.all(
    renditions.map(async (r) => ({ ...r, ...(await storeBlob(ctx, r.data, r.key)) })),
  );
  const saved = await inTransaction(ctx.db, async (tx, effects) => {
    const current = await repo.findStoryForUpdate(tx, story.id);
    if (!current) return false;
    const patch: Partial<NewStoryRow> = { ...extra };
    for (const r of stored) {
      await recordMedia(
        { db: tx },
        {
          key: r.key,
          bytes: r.bytes,
          ownerId: story.userId,
          kind: r.kind,
          contentType: r.contentType,
          storyId: story.id,
        },
      );
      if (r.column) (patch as Record<string, unknown>)[r.column] = r.key;
    }
    // Smaller copies point nowhere in the row: then there is nothing to update.
    if (Object.keys(patch).length > 0) await repo.updateStory(tx, story.id, patch);
    await followUp(tx, effects);
    return true;
  });
  if (!saved)
    await deleteBlobs(
      ctx,
      stored.map((r) => r.key),
    );
  return saved;
}

/**
 * Known content (issue 29): the story's hashes are stored with its renditions (replacing any a
 * retry stored before) and, when one came near a listed hash or every story is reviewed before
 * publication (REVIEW_BEFORE_PUBLISH), the story is held for review (`in_review`) instead of
 * published: no ready event, no chat delivery, no fan-out until a moderator approves it.
 */
async function publishOrHold(
  ctx: AppContext,
  story: StoryRow,
  check: MediaCheck,
): Promise<{
  status: 'ready' | 'in_review';
  followUp: (tx: Tx, effects: EffectQueue) => Promise<void>;
}> {
  if (check.match || ctx.config.reviewBeforePublish) {
    if (check.match)
      ctx.log.info({ storyId: story.id, match: check.match }, 'story held: near known content');
    return {
      status: 'in_review',
      followUp: async (tx) => storeStoryHashes(tx, story.id, check.hashes),
    };
  }
  const ready = await announceReady(ctx, story);
  return {
    status: 'ready',
    followUp: async (tx, effects) => {
      await storeStoryHashes(tx, story.id, check.hashes);
      await ready(tx, effects);
    },
  };
}

function containerOf(story: StoryRow): VideoContainer {
  return story.sourceContentType === 'video/webm' ? 'matroska' : 'mov';
}

async function processImage(ctx: AppContext, story: StoryRow, file: string): Promise<boolean> {
  let variants;
  try {
    variants = await makeStoryImageVariants(await readFile(file));
  } catch (error) {
    throw new UnprocessableMediaError(
      'processing_unreadable_image',
      `the image could not be read (${(error as Error).message})`,
    );
  }
  const outcome = await publishOrHold(
    ctx,
    story,
    await checkMedia(ctx, { file, isVideo: false, container: containerOf(story) }),
  );
  return saveRenditions(
    ctx,
    story,
    [
      { column: 'imageKey', kind: 'story_image', contentType: 'image/webp', data: variants.webp },
      {
        column: 'imageJpegKey',
        kind: 'story_image',
        contentType: 'image/jpeg',
        data: variants.jpeg,
      },
      { column: 'posterKey', kind: 'story_image', contentType: 'image/jpeg', data: variants.small },
    ],
    { status: outcome.status, width: variants.width, height: variants.height },
    outcome.followUp,
  );
}

async function processVideo(
  ctx: AppContext,
  story: StoryRow,
  file: string,
  dir: string,
): Promise<boolean> {
  const tools = ffmpegBinaries(ctx.config.ffmpegPath);
  const container = containerOf(story);
  const probe = await probeVideo(tools, container, file);
  const withAudio = probe.hasAudio && !story.muted;
  // Size and duration come from the output: rotation applied, and a streamed webm declares none.
  const out = await makeMp4AndPoster(
    tools,
    { container, file, withAudio },
    dir,
    probe.durationSeconds,
  );
  const posterBytes = await readFile(out.poster);
  const outcome = await publishOrHold(
    ctx,
    story,
    await checkMedia(ctx, {
      file,
      isVideo: true,
      container,
      durationSeconds: out.durationSeconds,
    }),
  );
  return saveRenditions(
    ctx,
    story,
    [
      {
        column: 'mp4Key',
        kind: 'story_video',
        contentType: 'video/mp4',
        data: await readFile(out.mp4),
      },
      { column: 'posterKey', kind: 'story_image', contentType: 'image/jpeg', data: posterBytes },
      {
        column: 'imageJpegKey',
        kind: 'story_image',
        contentType: 'image/jpeg',
        data: await makeSmallFromPoster(posterBytes),
      },
    ],
    {
      status: outcome.status,
      durationSeconds: out.durationSeconds,
      width: out.width,
      height: out.height,
    },
    outcome.followUp,
  );
}

/**
 * Stores the catalogued reason the owner sees and tells them in the same transaction (through
 * the outbox); the detail (tool output, paths) is logged only.
 */
export async function markFailed(
  ctx: AppContext,
  story: StoryRow,
  reason: ProcessingReason,
  detail: string,
): Promise<void> {
  ctx.log.warn({ storyId: story.id, reason, detail }, 'story processing failed');
  await inTransaction(ctx.db, async (tx, effects) => {
    await repo.updateStory(tx, story.id, { status: 'failed', processingError: reason });
    effects.emitToUser(story.userId, 'story.failed', { story_id: story.id, error: reason });
  });
}

/** Shown to the owner when processing kept failing for a reason that is not the file's fault. */
export const PROCESSING_GAVE_UP_REASON: ProcessingReason = 'processing_gave_up';

/**
 * Job `story.process`: the renditions a story needs to be shown. A file the tools refuse marks
 * the story failed with a reason its owner sees (no retry can fix it); anything else throws so
 * the job runner retries it, including after a crash. When the last retry fails too, the story
 * is marked failed rather than left processing for ever.
 */
export async function processStory(
  ctx: AppContext,
  payload: { storyId: number },
  attempt: JobAttempt,
): Promise<void> {
  const story = await repo.findStory(ctx.db, payload.storyId);
  if (!story || story.status !== 'processing') return;
  await withWorkDir(async (dir) => {
    try {
      const file = await sourceToFile(ctx, story, dir);
      if (story.isVideo) await processVideo(ctx, story, file, dir);
      else await processImage(ctx, story, file);
    } catch (error) {
      if (error instanceof UnprocessableMediaError)
        return markFailed(ctx, story, error.reason, error.message);
      if (attempt.final)
        await markFailed(ctx, story, PROCESSING_GAVE_UP_REASON, (error as Error).message);
      throw error;
    }
  });
}

/**
 * The smaller WebP copies of a ready story's image (or video poster) that tiles and the viewer
 * pick from by srcset, under keys derived from it. Until they exist the media route serves the
 * full image, so they are made after the story is ready, off the path to it.
 */
async function makePreviewVariants(ctx: AppContext, story: StoryRow): Promise<void> {
  const sourceKey = story.isVideo ? story.posterKey : story.imageKey;
  const source = sourceKey ? await ctx.blobs.get(sourceKey) : undefined;
  if (!sourceKey || !source) return;
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  const variants = await makeWebpVariants(Buffer.concat(chunks), STORY_VARIANT_WIDTHS);
  await saveRenditions(
    ctx,
    story,
    variants.map((variant) => ({
      key: variantKey(sourceKey, variant.width),
      kind: 'story_image',
      contentType: 'image/webp',
      data: variant.data,
    })),
    {},
  );
}

/**
 * Job `story.extra-renditions`: smaller copies of the image or poster, then for a video the VP9
 * webm and, when flagged, the slow-motion source.
 */
export async function makeExtraRenditions(
  ctx: AppContext,
  payload: { storyId: number },
): Promise<void> {
  const story = await repo.findStory(ctx.db, payload.storyId);
  if (!story || story.status !== 'ready') return;
  await makePreviewVariants(ctx, story);
  if (!story.isVideo || story.webmKey) return;
  const tools = ffmpegBinaries(ctx.config.ffmpegPath);
  await withWorkDir(async (dir) => {
    const file = await sourceToFile(ctx, story, dir);
    const container = containerOf(story);
    const probe = await probeVideo(tools, container, file).catch(() => undefined);
    if (!probe) return;
    const input = { container, file, withAudio: probe.hasAudio && !story.muted };
    const renditions: Rendition[] = [
      {
        column: 'webmKey',
        kind: 'story_video',
        contentType: 'video/webm',
        data: await readFile(await makeWebm(tools, input, dir)),
      },
    ];
    if (story.slowMotion) {
      renditions.push({
        column: 'slowMotionKey',
        kind: 'story_video',
        contentType: 'video/mp4',
        data: await readFile(await makeSlowMotion(tools, input, dir)),
      });
    }
    await saveRenditions(ctx, story, renditions, {});
  });
}

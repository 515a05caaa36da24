import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Blocklist } from '@glimpse/contract';
import { stories } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { ffmpegBinaries } from '../../platform/media-tools/ffmpeg-binaries.ts';
import type { VideoContainer } from '../../platform/media-tools/video.ts';
import { requireAccess } from '../access/index.ts';
import { hashMedia, listingHashesOfPicture, type MediaFile } from './known-content-hashing.ts';
import * as repo from './known-content.repository.ts';
import type { BlocklistMatch, StoredHash } from './known-content.repository.ts';

export interface MediaCheck {
  hashes: StoredHash[];
  /** The closest listed hash it came near: the story is then held for review. */
  match: BlocklistMatch | undefined;
}

/** Processing time: the media's usable hashes and whether one is near a listed hash. */
export async function checkMedia(ctx: AppContext, media: MediaFile): Promise<MediaCheck> {
  const hashes = await hashMedia(ffmpegBinaries(ctx.config.ffmpegPath), media);
  const match = await repo.closestListed(
    ctx.db,
    hashes.map((h) => h.hash),
  );
  return { hashes, match };
}

/** Stores a story's hashes (in the processing transaction; a retry replaces them). */
export function storeStoryHashes(tx: DbOrTx, storyId: number, hashes: StoredHash[]) {
  return repo.replaceStoryHashes(tx, storyId, hashes);
}

export { closestListed } from './known-content.repository.ts';

async function readBlob(ctx: AppContext, key: string): Promise<Buffer | undefined> {
  const stream = await ctx.blobs.get(key);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Lists every stored hash of a story and, for a picture, the hashes of its centred crops (from
 * the full-size JPEG), so cropped re-uploads are caught too. Answers how many were listed, or
 * null when there is no such story. Callable by moderation ("take down and block copies").
 */
export async function listStoryHashes(
  ctx: AppContext,
  storyId: number,
  addedBy: number | null,
  label: string,
): Promise<number | null> {
  const [story] = await ctx.db
    .select({ isVideo: stories.isVideo, imageJpegKey: stories.imageJpegKey })
    .from(stories)
    .where(eq(stories.id, storyId));
  if (!story) return null;
  const hashes = new Map<string, number>();
  for (const h of await repo.storyHashes(ctx.db, storyId)) hashes.set(h.hash, h.quality);
  const picture =
    !story.isVideo && story.imageJpegKey ? await readBlob(ctx, story.imageJpegKey) : undefined;
  if (picture) for (const h of await listingHashesOfPicture(picture)) hashes.set(h.hash, h.quality);
  return repo.insertListed(
    ctx.db,
    [...hashes].map(([hash, quality]) => ({
      hash,
      quality,
      sourceStoryId: storyId,
      label,
      addedBy,
    })),
  );
}

const VIDEO_CONTAINERS: Record<string, VideoContainer> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
};

/** Refuses anyone without the console before a request's file is even read. */
export async function requireConsole(ctx: AppContext, viewerId: number): Promise<void> {
  await requireAccess(ctx, viewerId, 'moderation.console', [viewerId]);
}

/** Hashes an uploaded picture or video and lists it; the file is not kept anywhere. */
export async function listUploadedFile(
  ctx: AppContext,
  moderatorId: number,
  upload: { data: Buffer; contentType: string; label: string },
): Promise<number> {
  await requireAccess(ctx, moderatorId, 'moderation.console', [moderatorId]);
  const container = VIDEO_CONTAINERS[upload.contentType];
  let hashes: StoredHash[];
  try {
    if (container) {
      const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-blocklist-'));
      try {
        const file = path.join(dir, 'upload');
        await writeFile(file, upload.data);
        hashes = await hashMedia(ffmpegBinaries(ctx.config.ffmpegPath), {
          file,
          isVideo: true,
          container,
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    } else {
      hashes = await listingHashesOfPicture(upload.data);
    }
  } catch (error) {
    ctx.log.info({ err: error }, 'blocklist upload could not be hashed');
    throw new AppError('unsupported_file');
  }
  return repo.insertListed(
    ctx.db,
    hashes.map((h) => ({
      hash: h.hash,
      quality: h.quality,
      sourceStoryId: null,
      label: upload.label,
      addedBy: moderatorId,
    })),
  );
}

export async function listStoryForModerator(
  ctx: AppContext,
  moderatorId: number,
  storyId: number,
  label: string,
): Promise<number> {
  await requireAccess(ctx, moderatorId, 'moderation.console', [moderatorId]);
  const added = await listStoryHashes(ctx, storyId, moderatorId, label);
  if (added === null) throw new AppError('story_not_found');
  return added;
}

const BLOCKLIST_PAGE = 500;

export async function blocklist(ctx: AppContext, moderatorId: number): Promise<Blocklist> {
  await requireAccess(ctx, moderatorId, 'moderation.console', [moderatorId]);
  const rows = await repo.listedHashes(ctx.db, BLOCKLIST_PAGE);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      hash: row.hash,
      quality: row.quality,
      source_story_id: row.sourceStoryId,
      label: row.label,
      added_by: row.addedBy,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

export async function removeListed(ctx: AppContext, adminId: number, id: number): Promise<void> {
  await requireAccess(ctx, adminId, 'moderation.admin', [adminId]);
  if (!(await repo.deleteListed(ctx.db, id))) throw new AppError('blocklist_entry_not_found');
}

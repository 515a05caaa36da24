import {
  fromCents,
  isProcessingReason,
  type OwnStory,
  type ProcessingReason,
  type Story,
} from '@glimpse/contract';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';
import { signedSrcset, STORY_VARIANT_WIDTHS } from '../media/index.ts';
import type { UserRow } from '../users/index.ts';
import type { StoryRow } from './stories.repository.ts';

function signer(media: MediaSigner, viewerId: number) {
  return (key: string | null) => (key ? media.url(key, viewerId) : null);
}

/** The image (or a video's poster) and its smaller copies, for tiles and the viewer. */
function overlaySrcset(story: StoryRow, media: MediaSigner, viewerId: number): string | null {
  const key = story.isVideo ? story.posterKey : story.imageKey;
  return signedSrcset(media, key, viewerId, STORY_VARIANT_WIDTHS, story.width);
}

/**
 * The catalogued reason a failed story shows its owner. Rows from before reasons were keys hold
 * free text that may name server paths: they show the generic reason instead.
 */
export function presentProcessingError(stored: string | null): ProcessingReason | null {
  if (stored === null) return null;
  return isProcessingReason(stored) ? stored : 'processing_failed';
}

export interface StoryViewContext {
  viewerId: number;
  available: boolean;
  watched: boolean;
}

/** The viewer's story. A story the viewer may not see carries no media URL of any kind. */
export function presentStory(
  story: StoryRow,
  creator: UserRow,
  view: StoryViewContext,
  media: MediaSigner,
): Story {
  const sign = view.available ? signer(media, view.viewerId) : () => null;
  const isOwner = story.userId === view.viewerId;
  return {
    id: story.id,
    user_id: story.userId,
    username: creator.name.toLowerCase(),
    slug: creator.slug,
    name: creator.name,
    type: story.tags.length > 0 ? 'tags' : 'other',
    text: story.text,
    tags: story.tags,
    is_video: story.isVideo,
    video_duration: story.isVideo ? story.durationSeconds : null,
    video_meta: { muted: story.muted, width: story.width, height: story.height },
    is_slo_mo: story.slowMotion,
    slow_motion_src: sign(story.slowMotionKey),
    webm_video_src: sign(story.webmKey),
    mp4_video_src: sign(story.mp4Key),
    overlay_image_src: story.isVideo ? sign(story.posterKey) : sign(story.imageJpegKey),
    overlay_src: story.isVideo ? sign(story.posterKey) : sign(story.imageKey),
    overlay_srcset: view.available ? overlaySrcset(story, media, view.viewerId) : null,
    isAvailable: view.available,
    price: story.priceCents === null ? null : fromCents(story.priceCents),
    watched: view.watched,
    verified: creator.verifyOndatoAt !== null,
    noPaid: creator.verifyOndatoAt === null,
    created_date: story.createdAt.toISOString(),
    ...(isOwner
      ? {
          is_processing: story.status === 'processing',
          processing_error: presentProcessingError(story.processingError),
          status: story.status,
        }
      : {}),
  };
}

/** The owner's own-menu story (spec 3), with a download link to the uploaded original. */
export function presentOwnStory(story: StoryRow, media: MediaSigner): OwnStory {
  const sign = signer(media, story.userId);
  return {
    id: story.id,
    price: story.priceCents === null ? null : fromCents(story.priceCents),
    free: story.priceCents === null ? 'free' : null,
    text: story.text,
    tags: story.tags,
    is_video: story.isVideo,
    is_processing: story.status === 'processing',
    processing_error: presentProcessingError(story.processingError),
    overlay_src: story.isVideo ? sign(story.posterKey) : sign(story.imageKey),
    overlay_image_src: story.isVideo ? sign(story.posterKey) : sign(story.imageJpegKey),
    overlay_srcset: overlaySrcset(story, media, story.userId),
    mp4_video_src: sign(story.mp4Key),
    webm_video_src: sign(story.webmKey),
    download_src:
      story.status === 'ready' ? sign(story.isVideo ? story.mp4Key : story.imageJpegKey) : null,
    view_count: story.viewCount,
    created_date: story.createdAt.toISOString(),
    status: story.status,
  };
}

import {
  fromCents,
  type OwnStream,
  type Stream,
  type StreamIngestDetails,
} from '@glimpse/contract';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';
import type { StreamRow } from './streams.repository.ts';

/** What the viewer may do with the stream (from `stream.watch` and its facts). */
export interface StreamAccess {
  isAvailable: boolean;
  needsPayment: boolean;
  /** The signed playlist URL, when live and available. */
  playbackUrl: string | null;
}

/** A stream as the viewer sees it; the chat id only for who may read the live chat. */
export function presentStream(
  row: StreamRow,
  viewerId: number,
  access: StreamAccess,
  signer: MediaSigner,
): Stream {
  return {
    id: row.id,
    user_id: row.creatorId,
    slug: row.slug,
    name: row.name,
    profileImage: row.avatarKey ? signer.url(row.avatarKey, viewerId) : null,
    verified: row.verified,
    title: row.title,
    status: row.status,
    audience: row.audience,
    price: row.priceCents === null ? null : fromCents(row.priceCents),
    viewer_count: row.viewerCount,
    started_at: row.startedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    isOwner: row.creatorId === viewerId,
    isAvailable: access.isAvailable,
    needsPayment: access.needsPayment,
    playback_url: access.playbackUrl,
    chat_id: access.isAvailable ? row.chatId : null,
    record: row.record,
    replay_story_id: row.replayStoryId,
  };
}

export function presentOwnStream(
  row: StreamRow,
  access: StreamAccess,
  ingest: StreamIngestDetails,
  signer: MediaSigner,
): OwnStream {
  return { ...presentStream(row, row.creatorId, access, signer), ingest };
}

import {
  STREAM_PRICE_MAX,
  toCents,
  type createStreamBody,
  type OwnOpenStream,
  type OwnStream,
  type Stream,
  type StreamIngestDetails,
  type StreamKey,
} from '@glimpse/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { violatedUniqueIndex } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { explainAccess, requireAccess } from '../access/index.ts';
import { requireUser, assertMaySetPrices, isVerified } from '../users/index.ts';
import { openStreamChat } from '../chats/index.ts';
import { playlistUrl } from './playback-urls.ts';
import { presentOwnStream, presentStream, type StreamAccess } from './streams.presenter.ts';
import * as repo from './streams.repository.ts';
import { streamKeyOf } from './stream-key.ts';
import { finishStream } from './stream-lifecycle.service.ts';

type CreateStreamInput = z.output<typeof createStreamBody>;

/** What the viewer may do with the stream now, and the signed playlist when they may watch. */
async function accessOf(
  ctx: AppContext,
  viewerId: number,
  row: repo.StreamRow,
): Promise<StreamAccess> {
  const watch = await explainAccess(ctx, viewerId, 'stream.watch', row.id);
  const isAvailable = watch.allowed;
  return {
    isAvailable,
    needsPayment: row.status !== 'ended' && (watch.subject?.needsPayment ?? false),
    playbackUrl:
      isAvailable && row.status === 'live' ? playlistUrl(ctx.mediaSigner, row.id, viewerId) : null,
  };
}

/** The RTMP server for OBS as the creator's machine reaches it (PUBLIC_RTMP_URL or PUBLIC_URL's host). */
function rtmpUrl(ctx: AppContext): string | null {
  if (ctx.config.rtmpPort === 0) return null;
  return (
    ctx.config.publicRtmpUrl ??
    `rtmp://${new URL(ctx.config.publicUrl).hostname}:${ctx.config.rtmpPort}/live`
  );
}

async function currentKey(ctx: AppContext, userId: number): Promise<string> {
  return streamKeyOf(ctx.config.secret, userId, await repo.streamKeyVersion(ctx.db, userId));
}

async function ingestDetails(ctx: AppContext, row: repo.StreamRow): Promise<StreamIngestDetails> {
  const base = new URL(ctx.config.publicUrl);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  const rtmp = rtmpUrl(ctx);
  return {
    kind: row.ingest,
    browser_url: `${base.origin}/api/streams/${row.id}/ingest`,
    rtmp_url: rtmp,
    stream_key: rtmp === null ? null : await currentKey(ctx, row.creatorId),
  };
}

async function ownStream(ctx: AppContext, streamId: number): Promise<OwnStream> {
  const row = (await repo.findStream(ctx.db, streamId))!;
  return presentOwnStream(
    row,
    await accessOf(ctx, row.creatorId, row),
    await ingestDetails(ctx, row),
    ctx.mediaSigner,
  );
}

/**
 * POST /api/streams: one open stream per creator (409 `stream_already_live`); a price needs a
 * verified creator and at most STREAM_PRICE_MAX, as a story's. The stream's live chat is made
 * in the same transaction. The stream is `starting` until its ingest writes the first playlist.
 */
export async function createStream(
  ctx: AppContext,
  viewerId: number,
  body: CreateStreamInput,
): Promise<OwnStream> {
  const creator = await requireUser(ctx, viewerId);
  const price = body.price ?? 0;
  if (price > STREAM_PRICE_MAX) {
    throw new AppError('max_price_error', {
      err_msg: { price: ['max_price_error'], max: STREAM_PRICE_MAX },
      errors: { price: ['max_price_error'] },
    });
  }
  assertMaySetPrices({ price }, isVerified(creator));
  if (await repo.findOpenStreamOf(ctx.db, viewerId)) throw new AppError('stream_already_live');
  let streamId: number;
  try {
    streamId = await inTransaction(ctx.db, async (tx) => {
      const chatId = await openStreamChat(tx, viewerId);
      return repo.insertStream(tx, {
        creatorId: viewerId,
        title: body.title,
        audience: body.audience,
        priceCents: price > 0 ? toCents(price) : null,
        ingest: body.ingest,
        record: body.record,
        chatId,
      });
    });
  } catch (error) {
    // Two starts at once: the one-open-stream index lets one through.
    if (violatedUniqueIndex(error) === 'streams_one_open_per_creator_key')
      throw new AppError('stream_already_live');
    throw error;
  }
  return ownStream(ctx, streamId);
}

/** DELETE /api/streams/{id}: its creator ends it (again: answers it as it is). */
export async function endStream(
  ctx: AppContext,
  viewerId: number,
  streamId: number,
): Promise<OwnStream> {
  await requireAccess(ctx, viewerId, 'stream.manage', [streamId]);
  await finishStream(ctx, streamId);
  return ownStream(ctx, streamId);
}

/** GET /api/streams/{id}: visible to its audience (else `stream_not_found`), ended ones too. */
export async function getStream(
  ctx: AppContext,
  viewerId: number,
  streamId: number,
): Promise<Stream> {
  await requireAccess(ctx, viewerId, 'stream.view', [streamId]);
  const row = (await repo.findStream(ctx.db, streamId))!;
  return presentStream(row, viewerId, await accessOf(ctx, viewerId, row), ctx.mediaSigner);
}

/** GET /api/users/{id}/stream: the user's stream that has not ended, when the viewer sees it. */
export async function getUserStream(
  ctx: AppContext,
  viewerId: number,
  userId: number,
): Promise<Stream> {
  await requireAccess(ctx, viewerId, 'user.view', [userId]);
  const streamId = await repo.findOpenStreamOf(ctx.db, userId);
  if (streamId === undefined) throw new AppError('stream_not_found');
  return getStream(ctx, viewerId, streamId);
}

/** GET /api/users/me/stream: the creator's own stream that has not ended, to resume it. */
export async function getOwnStream(ctx: AppContext, viewerId: number): Promise<OwnOpenStream> {
  const streamId = await repo.findOpenStreamOf(ctx.db, viewerId);
  return { stream: streamId === undefined ? null : await ownStream(ctx, streamId) };
}

async function keyAnswer(ctx: AppContext, userId: number): Promise<StreamKey> {
  const rtmp = rtmpUrl(ctx);
  return { rtmp_url: rtmp, stream_key: await currentKey(ctx, userId), rtmp_enabled: rtmp !== null };
}

/** GET /api/streams/key: the creator's RTMP settings for OBS. */
export function getStreamKey(ctx: AppContext, viewerId: number): Promise<StreamKey> {
  return keyAnswer(ctx, viewerId);
}

/** POST /api/streams/key/rotate: a new key; the old one stops working at once. */
export async function rotateStreamKey(ctx: AppContext, viewerId: number): Promise<StreamKey> {
  await repo.bumpStreamKeyVersion(ctx.db, viewerId);
  return keyAnswer(ctx, viewerId);
}

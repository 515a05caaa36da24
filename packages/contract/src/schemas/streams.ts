import { z } from 'zod';
import { STREAM_TITLE_MAX } from '../constants.ts';
import { moneyAmount } from '../money.ts';
import { ID_MAX } from './common.ts';
import { singleLineText } from './text.ts';

/** Who may watch a stream: anyone signed in, the creator's followers, or their subscribers. */
export const STREAM_AUDIENCES = ['everyone', 'followers', 'subscribers'] as const;
export type StreamAudience = (typeof STREAM_AUDIENCES)[number];

/** How the creator sends video: MediaRecorder chunks over a WebSocket, or OBS over RTMP. */
export const STREAM_INGESTS = ['browser', 'rtmp'] as const;
export type StreamIngest = (typeof STREAM_INGESTS)[number];

/** `starting` until the first video arrives, `live` while it does, then `ended` for good. */
export const STREAM_STATUSES = ['starting', 'live', 'ended'] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];

/** POST /api/streams: go live. A price above 0 needs a verified creator (as for stories). */
export const createStreamBody = z.strictObject({
  title: singleLineText({ min: 1, max: STREAM_TITLE_MAX }),
  audience: z.enum(STREAM_AUDIENCES).default('everyone'),
  // The business ceiling is checked by the service so it answers max_price_error.
  price: moneyAmount(1_000_000).nullable().default(null),
  ingest: z.enum(STREAM_INGESTS).default('browser'),
  /** Keep the stream as a replay story once it ends. */
  record: z.boolean().default(false),
});
export type CreateStreamBody = z.input<typeof createStreamBody>;

/** A stream as a viewer (or its creator) sees it. */
export const streamSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  profileImage: z.string().nullable(),
  verified: z.boolean(),
  title: z.string(),
  status: z.enum(STREAM_STATUSES),
  audience: z.enum(STREAM_AUDIENCES),
  price: z.number().nullable(),
  viewer_count: z.number().int(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  isOwner: z.boolean(),
  /** The viewer may watch now (audience, block, paid entry). */
  isAvailable: z.boolean(),
  /** A priced stream the viewer has not paid for yet (`POST /api/streams/{id}/enter`). */
  needsPayment: z.boolean(),
  /** Signed, viewer-bound, short-lived HLS playlist URL; null unless live and available. */
  playback_url: z.string().nullable(),
  /** The stream's live chat (GET /api/chats/load?chat_id=), when the viewer may read it. */
  chat_id: z.number().int().nullable(),
  record: z.boolean(),
  /** The replay story once a recorded stream has been kept. */
  replay_story_id: z.number().int().nullable(),
});
export type Stream = z.infer<typeof streamSchema>;

/** Where the creator sends video (their own stream only). */
export const streamIngestSchema = z.object({
  /** What the stream was started with: the camera's browser ingest, or OBS over RTMP. */
  kind: z.enum(STREAM_INGESTS),
  /** WebSocket URL for MediaRecorder chunks (cookie-authenticated, same origin). */
  browser_url: z.string(),
  /** The RTMP server URL for OBS ("Server"), and the secret key ("Stream key"). */
  rtmp_url: z.string().nullable(),
  stream_key: z.string().nullable(),
});
export type StreamIngestDetails = z.infer<typeof streamIngestSchema>;

export const ownStreamSchema = streamSchema.extend({ ingest: streamIngestSchema });
export type OwnStream = z.infer<typeof ownStreamSchema>;

/** GET /api/users/me/stream: the creator's stream that has not ended, if there is one. */
export const ownOpenStreamResponse = z.object({ stream: ownStreamSchema.nullable() });
export type OwnOpenStream = z.infer<typeof ownOpenStreamResponse>;

/** GET /api/streams/key and its rotation: the creator's RTMP settings for OBS. */
export const streamKeySchema = z.object({
  rtmp_url: z.string().nullable(),
  stream_key: z.string(),
  /** False when the server runs no RTMP ingest (RTMP_PORT=0). */
  rtmp_enabled: z.boolean(),
});
export type StreamKey = z.infer<typeof streamKeySchema>;

export const streamIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'id_invalid')
    .transform(Number)
    .pipe(z.number().int().max(ID_MAX, 'id_invalid')),
});

/** POST /api/streams/{id}/enter: like an unlock, a short wallet is an answer, not an error. */
export const enterStreamResponse = z.union([
  z.object({ status: z.literal(true) }),
  z.object({ status: z.literal(false), err_key: z.literal('insufficient_funds') }),
]);
export type EnterStreamResponse = z.infer<typeof enterStreamResponse>;

import { idParam } from '../schemas/common.ts';
import {
  createStreamBody,
  enterStreamResponse,
  ownOpenStreamResponse,
  ownStreamSchema,
  streamIdParam,
  streamKeySchema,
  streamSchema,
} from '../schemas/streams.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

/**
 * Live streams. Who may watch is the access module's `stream.watch`; a stream the viewer may not
 * know of answers `stream_not_found`. Playlists and segments are served under signed media URLs.
 */
export const streamsEndpoints = {
  createStream: defineEndpoint(r.createStream, {
    body: createStreamBody,
    status: 201,
    response: ownStreamSchema,
    errors: ['stream_already_live', 'verification_required', 'max_price_error'],
  }),
  endStream: defineEndpoint(r.endStream, {
    params: streamIdParam,
    response: ownStreamSchema,
    errors: ['stream_not_found', 'forbidden'],
  }),
  stream: defineEndpoint(r.stream, {
    params: streamIdParam,
    response: streamSchema,
    errors: ['stream_not_found'],
  }),
  /** The user's stream that is live now (or starting), for `otherUser.profile.viewStreams`. */
  userStream: defineEndpoint(r.userStream, {
    params: idParam,
    response: streamSchema,
    errors: ['stream_not_found', 'user_not_found'],
  }),
  /**
   * The signed-in creator's stream that has not ended, with its ingest details, or null (the
   * usual answer, so not an error): the Go live screen resumes it after a reload.
   */
  ownStream: defineEndpoint(r.ownStream, { response: ownOpenStreamResponse }),
  /** Pays a priced stream's entry once per viewer; takes an `Idempotency-Key`. */
  enterStream: defineEndpoint(r.enterStream, {
    params: streamIdParam,
    response: enterStreamResponse,
    errors: [
      'idempotency_key_required',
      'idempotency_mismatch',
      'email_not_verified',
      'stream_not_found',
      'stream_not_live',
    ],
  }),
  streamKey: defineEndpoint(r.streamKey, { response: streamKeySchema }),
  rotateStreamKey: defineEndpoint(r.rotateStreamKey, { response: streamKeySchema }),
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { signedUrlQuery } from '../../platform/http/signed-url-query.ts';
import { LIVE_PLAYLIST, LIVE_SEGMENT_PATTERN } from '../../platform/media-tools/hls-args.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { livePlaylist, liveSegment } from './live-playback.service.ts';
import { liveMediaKey, segmentSignedKey, sessionTag } from './playback-urls.ts';

/** A signed live URL's parts, parsed in the handler so a malformed link is a plain 403. */
const signedLiveRequest = signedUrlQuery.extend({
  streamId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
  file: z.string().refine((f) => f === LIVE_PLAYLIST || LIVE_SEGMENT_PATTERN.test(f)),
});

/**
 * Live HLS under `/media/live/{streamId}/{file}?u=&e=&s=`, from the blob store on any node.
 * The playlist is the gate: its signature, the viewer in the URL being the session asking and
 * `stream.watch` are checked on every reload, so a viewer whose access ends (subscription over,
 * blocked, stream ended) gets no new playlist and no new segment URLs. A segment checks only its
 * signature, which binds the viewer, the session (by its cookie's digest) and an expiry of
 * PLAYBACK_URL_TTL_SECONDS: no database per segment, so 500 viewers cost memory reads.
 */
export function livePlaybackRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/live/:streamId/:file',
      {
        schema: {
          params: z.object({ streamId: z.string(), file: z.string() }),
          querystring: z.record(z.string(), z.unknown()),
          hide: true,
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        const parsed = signedLiveRequest.safeParse({ ...request.query, ...request.params });
        if (!parsed.success) throw new AppError('media_link_invalid');
        const { streamId, file, u: viewerId, e: expiresAt, s: signature } = parsed.data;
        const tag = sessionTag(request.cookies[SESSION_COOKIE]);
        const key =
          file === LIVE_PLAYLIST
            ? liveMediaKey(streamId, file)
            : segmentSignedKey(streamId, file, tag);
        if (!ctx.mediaSigner.verify({ key, viewerId, expiresAt, signature }))
          throw new AppError('media_link_invalid');
        if (file !== LIVE_PLAYLIST) {
          return reply.type('video/mp2t').send(await liveSegment(ctx, streamId, file));
        }
        if ((await request.viewerId()) !== viewerId) throw new AppError('media_link_invalid');
        const playlist = await livePlaylist(ctx, viewerId, streamId, tag);
        return reply.type('application/vnd.apple.mpegurl').send(playlist);
      },
    );
  };
}

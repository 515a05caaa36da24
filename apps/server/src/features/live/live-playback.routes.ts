import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { signedUrlQuery } from '../../platform/http/signed-url-query.ts';
import { LIVE_PLAYLIST, LIVE_SEGMENT_PATTERN } from '../../platform/media-tools/hls-args.ts';
import { livePlaylist, liveSegment } from './live-playback.service.ts';
import { liveMediaKey } from './playback-urls.ts';

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
 * Live HLS under `/media/live/{streamId}/{file}?u=&e=&s=`: the signature and expiry, the viewer
 * in the URL being the session asking, and `stream.watch` must all hold on every request, so a
 * viewer whose access ends (subscription over, blocked, stream ended) stops getting segments.
 * The playlist comes back with each segment signed for the same viewer.
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
        const key = liveMediaKey(streamId, file);
        if (!ctx.mediaSigner.verify({ key, viewerId, expiresAt, signature }))
          throw new AppError('media_link_invalid');
        if ((await request.viewerId()) !== viewerId) throw new AppError('media_link_invalid');
        if (file === LIVE_PLAYLIST) {
          const playlist = await livePlaylist(ctx, viewerId, streamId);
          return reply.type('application/vnd.apple.mpegurl').send(playlist);
        }
        const segment = await liveSegment(ctx, viewerId, streamId, file);
        return reply.type('video/mp2t').send(segment);
      },
    );
  };
}

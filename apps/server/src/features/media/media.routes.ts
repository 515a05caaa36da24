import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { signedUrlQuery } from '../../platform/http/signed-url-query.ts';
import { BLOB_KEY_PATTERN } from '../../platform/storage/blob-store.ts';
import { parseByteRange } from './byte-range.ts';
import { MEDIA_CACHE_CONTROL, presignedMediaUrl } from './media-delivery.ts';
import { findViewableMedia, findVariant } from './media.service.ts';
import { isVariantWidth } from './media-variants.ts';

/** A signed media URL's parts (`signedUrlQuery`), and the stored blob's key. */
const signedMediaRequest = signedUrlQuery.extend({
  key: z.string().regex(BLOB_KEY_PATTERN),
  /** A smaller copy of the image (media-variants.ts); not signed: it is the same picture. */
  w: z
    .string()
    .regex(/^[0-9]{1,4}$/)
    .transform(Number)
    .refine(isVariantWidth)
    .optional(),
});

export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    /**
     * Signed media: the signature and expiry, the viewer bound into the URL being the one whose
     * session asks, and the access module's `media.view` must all hold. A bad, expired or
     * someone else's link is 403 (media_link_invalid) whatever the key, so a probe learns nothing
     * about which keys exist. A good link whose media the viewer may no longer see (taken down,
     * locked, a creator who geo-blocks them) is 404 (media_not_found), as an absent record is:
     * the same answer the story, profile and channel give there.
     *
     * Once allowed, the bytes are streamed (with Range), or with MEDIA_REDIRECT_SECONDS on S3
     * the answer is a 302 to a presigned URL of that TTL, where the browser re-sends its Range.
     * The redirect is never cached, so each request of the signed URL is checked; but a video
     * element sends its later ranges straight to the presigned URL (docs/media-delivery.md).
     */
    app.get(
      '/media/:key',
      {
        schema: {
          params: z.object({ key: z.string() }),
          querystring: z.record(z.string(), z.unknown()),
          hide: true,
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', MEDIA_CACHE_CONTROL);
        const parsed = signedMediaRequest.safeParse({ ...request.query, key: request.params.key });
        if (!parsed.success) throw new AppError('media_link_invalid');
        const { key, u: viewerId, e: expiresAt, s: signature, w: width } = parsed.data;
        if (!ctx.mediaSigner.verify({ key, viewerId, expiresAt, signature }))
          throw new AppError('media_link_invalid');
        if ((await request.viewerId()) !== viewerId) throw new AppError('media_link_invalid');
        const source = await findViewableMedia(ctx, viewerId, key);
        if (!source) throw new AppError('media_not_found');
        // The smaller copy when it has been made, else the image itself (srcset stays valid).
        const media = (width && (await findVariant(ctx, source, width))) || source;
        const presigned = await presignedMediaUrl(ctx, media);
        if (presigned) return reply.redirect(presigned, 302);
        reply.header('Content-Type', media.contentType);
        reply.header('Accept-Ranges', 'bytes');
        // Video elements seek with Range requests; answer them with 206 and the slice.
        const range = parseByteRange(request.headers.range, media.bytes);
        if (range === 'unsatisfiable') {
          return reply.status(416).header('Content-Range', `bytes */${media.bytes}`).send();
        }
        const stream = await ctx.blobs.get(media.key, range);
        if (!stream) throw new AppError('media_not_found');
        if (range) {
          reply.status(206);
          reply.header('Content-Range', `bytes ${range.start}-${range.end}/${media.bytes}`);
          reply.header('Content-Length', String(range.end - range.start + 1));
        } else {
          reply.header('Content-Length', String(media.bytes));
        }
        return reply.send(stream);
      },
    );
  };
}

import { z } from 'zod';

/**
 * The query of a signed media URL (`?u=&e=&s=`, made by `MediaSigner`): the viewer it is bound
 * to, its expiry in ms and its base64url HMAC. One schema for every route that serves signed
 * URLs (stored media, live HLS), each adding its own path parts. Routes parse it inside the
 * handler, so a malformed link is refused like any other bad link (403), not with field details.
 */
export const signedUrlQuery = z.object({
  u: z
    .string()
    .regex(/^[0-9]{1,10}$/)
    .transform(Number),
  e: z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number),
  s: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

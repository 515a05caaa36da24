import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed URLs live at least this long, rounded up so that one page's URLs stay cacheable. */
const TTL_MS = 60 * 60 * 1000;
const BUCKET_MS = 10 * 60 * 1000;

export interface SignedMediaParams {
  key: string;
  viewerId: number;
  expiresAt: number;
  signature: string;
}

/**
 * HMAC-signed, expiring media URLs bound to one viewer. The media route also checks that the
 * session asking is that viewer, so a copied URL is useless to anyone else.
 */
export class MediaSigner {
  private readonly secret: Buffer;

  constructor(appSecret: string) {
    this.secret = createHmac('sha256', appSecret).update('glimpse-media-urls').digest();
  }

  private sign(key: string, viewerId: number, expiresAt: number): string {
    return createHmac('sha256', this.secret)
      .update(`${key}.${viewerId}.${expiresAt}`)
      .digest('base64url');
  }

  url(key: string, viewerId: number, now = Date.now()): string {
    const expiresAt = Math.ceil((now + TTL_MS) / BUCKET_MS) * BUCKET_MS;
    const signature = this.sign(key, viewerId, expiresAt);
    return `/media/${key}?u=${viewerId}&e=${expiresAt}&s=${signature}`;
  }

  /**
   * The query string of a short-lived signed URL (live playlists and segments): it expires
   * `ttlMs` from now, rounded up to the second, and is bound to the viewer like `url`.
   */
  expiringQuery(key: string, viewerId: number, ttlMs: number, now = Date.now()): string {
    const expiresAt = Math.ceil((now + ttlMs) / 1000) * 1000;
    return `u=${viewerId}&e=${expiresAt}&s=${this.sign(key, viewerId, expiresAt)}`;
  }

  /** True when the signature matches and has not expired. */
  verify(params: SignedMediaParams, now = Date.now()): boolean {
    if (!Number.isSafeInteger(params.expiresAt) || params.expiresAt <= now) return false;
    const expected = Buffer.from(this.sign(params.key, params.viewerId, params.expiresAt));
    const given = Buffer.from(params.signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

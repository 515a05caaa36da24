import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface BlobInfo {
  bytes: number;
}

export interface PutOptions {
  /** Stored with the object (S3 answers presigned GETs with it); local disk ignores it. */
  contentType?: string;
}

/** How storage answers a presigned GET (S3's response-* overrides); local disk has none. */
export interface PresignOptions {
  /** Content-Type of the answer: objects may have been stored without one. */
  contentType?: string;
  /** Content-Disposition of the answer (`inline`, `attachment; filename="…"`). */
  disposition?: string;
  /** Cache-Control of the answer. */
  cacheControl?: string;
}

/**
 * Where every blob lives: local disk (the embedded default) or an S3-compatible bucket
 * (S3_ENDPOINT / S3_BUCKET, platform/storage/s3-blob-store.ts). Media keys are random and carry
 * no meaning; access is decided from the database row that names the key, never from the key.
 * Keys may be namespaced with `/` (`live/12/seg-00001.ts`, `uploads/...`): see isSafeBlobKey.
 */
export interface BlobStore {
  /** `local` or `s3`: what /api/health reports and what the tests print. */
  readonly kind: 'local' | 's3';
  /** Writes the whole blob; a reader sees all of it or none of it. */
  put(key: string, data: Buffer | Readable, options?: PutOptions): Promise<BlobInfo>;
  /** Streams the blob, or undefined when there is none. Optional byte range, inclusive. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
  stat(key: string): Promise<BlobInfo | undefined>;
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (which ends with `/`), in no particular order. */
  list(prefix: string): Promise<string[]>;
  /** Deletes every key under `prefix` (a live stream's segments, an upload's parts). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A URL anyone holding it may GET the blob from for `ttlSeconds`, or undefined when the store
   * has none (local disk: media is streamed by the API). Callers check access first.
   */
  presignedGetUrl(
    key: string,
    ttlSeconds: number,
    options?: PresignOptions,
  ): Promise<string | undefined>;
  /** Throws when the store cannot be read and written now (for /api/health). */
  check(): Promise<void>;
}

/** 128 random bits, base64url: unguessable and safe in paths and URLs. */
export function newBlobKey(): string {
  return randomBytes(16).toString('base64url');
}

/** A media key as handed out in URLs (newBlobKey's shape). */
export const BLOB_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

/**
 * A key the stores accept: `/`-separated segments of letters, digits, `_`, `-` and `.`, none
 * starting with a dot, at most 8 deep. Nothing in it can climb out of a directory or a prefix.
 */
export function isSafeBlobKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length <= 8 && segments.every((segment) => SEGMENT.test(segment));
}

/** Prefixes passed to list/deletePrefix: safe segments ending with `/`. */
export function isSafeBlobPrefix(prefix: string): boolean {
  return prefix.endsWith('/') && isSafeBlobKey(prefix.slice(0, -1));
}

import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface BlobInfo {
  bytes: number;
}

/**
 * Where media bytes live: local disk today; an object-storage bucket would implement the same
 * interface. Keys are random and carry no meaning; access is decided from the
 * media_objects row, never from the key.
 */
export interface BlobStore {
  put(key: string, data: Buffer | Readable): Promise<BlobInfo>;
  /** Streams the blob, or undefined when there is none. Optional byte range, inclusive. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
  stat(key: string): Promise<BlobInfo | undefined>;
  delete(key: string): Promise<void>;
}

/** 128 random bits, base64url: unguessable and safe in paths and URLs. */
export function newBlobKey(): string {
  return randomBytes(16).toString('base64url');
}

export const BLOB_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

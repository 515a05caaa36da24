import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  isSafeBlobKey,
  isSafeBlobPrefix,
  type BlobInfo,
  type BlobStore,
  type PresignOptions,
  type PutOptions,
} from './blob-store.ts';

/** Where and how to reach the bucket (S3_* settings, platform/config). */
export interface S3Settings {
  /** Unset: AWS S3 itself, found from the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `host/bucket/key` instead of `bucket.host/key` (MinIO, s3rver, most self-hosted). */
  forcePathStyle: boolean;
}

/**
 * A request to storage that takes longer than this fails instead of hanging a media request or
 * a job: a storage outage answers 503 (platform/http) rather than piling up sockets.
 */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** Streams of unknown length go up in parts of this size (S3's minimum is 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;
const DELETE_BATCH = 1_000;

/** The bucket exists (S3 says BucketAlreadyOwnedByYou; s3rver, like some others, BucketAlreadyExists). */
function isAlreadyCreated(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'BucketAlreadyOwnedByYou' || error.name === 'BucketAlreadyExists')
  );
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' ||
      error.name === 'NoSuchKey' ||
      error.$metadata.httpStatusCode === 404)
  );
}

function checkKey(key: string): string {
  if (!isSafeBlobKey(key)) throw new Error(`invalid blob key: ${key}`);
  return key;
}

/** Blobs as objects in one bucket of any S3-compatible service. */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
      },
    });
  }

  /** Creates the bucket when it is missing (a fresh local cluster); a real one exists already. */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      try {
        await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
      } catch (creating) {
        // Another node starting at the same moment created it between the two requests.
        if (!isAlreadyCreated(creating)) throw creating;
      }
    }
  }

  async put(key: string, data: Buffer | Readable, options: PutOptions = {}): Promise<BlobInfo> {
    const params = { Bucket: this.bucket, Key: checkKey(key), ContentType: options.contentType };
    if (Buffer.isBuffer(data)) {
      await this.client.send(new PutObjectCommand({ ...params, Body: data }));
      return { bytes: data.length };
    }
    // A stream's length is unknown: multipart, one part in memory at a time. S3 makes the object
    // visible only once the upload completes, so readers never see half of it.
    await new Upload({
      client: this.client,
      params: { ...params, Body: data },
      partSize: PART_BYTES,
      queueSize: 1,
    }).done();
    const info = await this.stat(key);
    if (!info) throw new Error(`blob ${key} missing right after its upload`);
    return info;
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | undefined> {
    if (!isSafeBlobKey(key)) return undefined;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as Readable | undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    if (!isSafeBlobKey(key)) return undefined;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { bytes: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async list(prefix: string): Promise<string[]> {
    if (!isSafeBlobPrefix(prefix)) throw new Error(`invalid blob prefix: ${prefix}`);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async deletePrefix(prefix: string): Promise<void> {
    const keys = await this.list(prefix);
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  async presignedGetUrl(
    key: string,
    ttlSeconds: number,
    options: PresignOptions = {},
  ): Promise<string> {
    // Signed locally (no request to storage): the overrides are part of the signature.
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        ResponseContentType: options.contentType,
        ResponseContentDisposition: options.disposition,
        ResponseCacheControl: options.cacheControl,
      }),
      { expiresIn: ttlSeconds },
    );
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}

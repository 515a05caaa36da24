import type { Readable } from 'node:stream';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { Upload, type KvStore } from '@tus/server';
import { unavailableDependency } from '../../platform/errors/dependency-error.ts';
import type { S3Settings } from '../../platform/storage/s3-blob-store.ts';

/**
 * Where resumable uploads live in the shared bucket. @tus/s3-store 2.0 has no key prefix (its
 * authors plan one, in a note on `partKey`), so this store adds it around every public call: an upload
 * `{id}` is the objects `uploads/{id}` (the multipart upload, then the finished file),
 * `uploads/{id}.info` (size, metadata, creation date) and `uploads/{id}.part` (a tail shorter
 * than S3's 5 MiB minimum part, kept until the next PATCH). Media keys never start with
 * `uploads/`, so nothing here can clash with them.
 */
export const UPLOADS_PREFIX = 'uploads/';

/**
 * No metadata cache. S3Store caches each upload's `.info` in process memory by default and only
 * forgets it on the node that finished or removed the upload: another node would keep answering
 * from a stale entry (an upload removed on node B still "complete" on node A) and the map grows
 * with every upload the node ever saw. One small GET per request is the price of every node
 * reading the truth from the bucket.
 */
class NoCache implements KvStore<MetadataValue> {
  async get(): Promise<undefined> {
    return undefined;
  }
  async set(): Promise<void> {}
  async delete(): Promise<void> {}
}

function isNoSuchUpload(error: unknown): boolean {
  const named = error as { name?: string; Code?: string } | null;
  return named?.name === 'NoSuchUpload' || named?.Code === 'NoSuchUpload';
}

/** tus uploads in the bucket of S3_* settings, under `uploads/`. */
export class PrefixedS3Store extends S3Store {
  constructor(settings: S3Settings, expirationPeriodInMilliseconds: number) {
    super({
      cache: new NoCache(),
      expirationPeriodInMilliseconds,
      // Expiry is our sweep (deleteExpired), not bucket lifecycle rules on object tags, which
      // not every S3-compatible service supports.
      useTags: false,
      s3ClientConfig: {
        bucket: settings.bucket,
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        // Streamed bodies (a PATCH's tail as `.part`) would otherwise go up `aws-chunked` with a
        // trailing checksum, which several S3-compatible servers store as part of the object.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: 3_000 },
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      },
    });
  }

  override async create(upload: Upload): Promise<Upload> {
    const stored = await super.create(new Upload({ ...upload, id: UPLOADS_PREFIX + upload.id }));
    // tus keeps using the object it passed in (its id stays the public one).
    upload.creation_date = stored.creation_date;
    upload.storage = stored.storage;
    return upload;
  }

  /**
   * S3Store's getUpload reads any failure to fetch the `.info` as "no such upload" (404), an
   * outage of the bucket included: that one is rethrown as it is, for a 503 to retry.
   */
  override async getUpload(id: string): Promise<Upload> {
    const key = UPLOADS_PREFIX + id;
    const metadata = super.getMetadata(key);
    try {
      await metadata;
      // Read once: S3Store's getUpload asks getMetadata again (below), and gets this answer.
      this.metadataRead.set(key, metadata);
    } catch (error) {
      if (unavailableDependency(error)) throw error;
    }
    const upload = await super.getUpload(key);
    return new Upload({ ...upload, id });
  }

  private readonly metadataRead = new Map<string, Promise<MetadataValue>>();

  protected override getMetadata(key: string): Promise<MetadataValue> {
    const read = this.metadataRead.get(key);
    if (!read) return super.getMetadata(key);
    this.metadataRead.delete(key);
    return read;
  }

  override write(src: Readable, id: string, offset: number): Promise<number> {
    return super.write(src, UPLOADS_PREFIX + id, offset);
  }

  override read(id: string): Promise<Readable> {
    return super.read(UPLOADS_PREFIX + id);
  }

  /**
   * S3Store's remove aborts the multipart upload first and gives up when S3 answers that there
   * is none, which is always the case once the upload is finished: the file and its `.info`
   * would stay. Here "no multipart upload" only means there is nothing left to abort.
   */
  override async remove(id: string): Promise<void> {
    const key = UPLOADS_PREFIX + id;
    const { 'upload-id': uploadId } = await this.getMetadata(key);
    await this.client
      .abortMultipartUpload({ Bucket: this.bucket, Key: key, UploadId: uploadId })
      .catch((error: unknown) => {
        if (!isNoSuchUpload(error)) throw error;
      });
    await this.deleteUploadObjects(key);
  }

  /** The upload's file, its `.info` and its `.part`, whichever exist. */
  private async deleteUploadObjects(key: string): Promise<void> {
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: {
        Objects: [{ Key: key }, { Key: this.infoKey(key) }, { Key: this.partKey(key, true) }],
      },
    });
  }

  override declareUploadLength(id: string, length: number): Promise<void> {
    return super.declareUploadLength(UPLOADS_PREFIX + id, length);
  }

  /**
   * Aborts the unfinished uploads older than the expiry and deletes their `.info` and `.part`.
   * S3Store's own sweep lists every multipart upload in the bucket (media's large puts too) and
   * fails when another node's sweep aborted one first; this one stays under `uploads/` and
   * takes "already gone" as done. Finished uploads are not touched, as on local disk.
   */
  override async deleteExpired(): Promise<number> {
    const expiration = this.getExpiration();
    if (expiration === 0) return 0;
    let deleted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.listMultipartUploads({
        Bucket: this.bucket,
        Prefix: UPLOADS_PREFIX,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      });
      const expired = (page.Uploads ?? []).filter(
        (upload) => upload.Key && upload.Initiated && Date.now() > +upload.Initiated + expiration,
      );
      for (const upload of expired) {
        await this.client
          .abortMultipartUpload({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId })
          .catch((error: unknown) => {
            if (!isNoSuchUpload(error)) throw error;
          });
        await this.deleteUploadObjects(upload.Key!);
        deleted += 1;
      }
      if (!page.IsTruncated) return deleted;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }
}

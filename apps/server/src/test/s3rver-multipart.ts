import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type S3rver from 's3rver';

/**
 * s3rver stores multipart uploads (initiate, upload part, complete) but answers ListParts,
 * AbortMultipartUpload and ListMultipartUploads with NotImplemented. Resumable uploads
 * (@tus/s3-store, features/uploads) need all three, as every real S3-compatible service has them,
 * so the tests add them here, read from s3rver's own on-disk layout:
 * `{directory}/{bucket}/._S3rver_uploads/{uploadId}/{key, metadata, 1, 1.md5, 2, ...}`.
 * Signatures are not checked on these three (the tests' clients sign correctly anyway).
 */
export function addMultipartListing(server: S3rver, directory: string): void {
  const koa = server as unknown as {
    middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
  };
  // After the logger and the XML encoder (indexes 0 and 1), before vhost and the router.
  koa.middleware.splice(2, 0, async (ctx, next) => {
    const [bucket, ...keyParts] = ctx.path.split('/').slice(1).map(decodeURIComponent);
    if (!bucket) return next();
    const key = keyParts.join('/');
    const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (key && uploadId && (ctx.method === 'GET' || ctx.method === 'DELETE')) {
      const dir = path.join(uploadsDir, path.basename(uploadId));
      const storedKey = await readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined);
      if (storedKey !== key) return noSuchUpload(ctx);
      if (ctx.method === 'DELETE') {
        await rm(dir, { recursive: true, force: true });
        ctx.status = 204;
        return;
      }
      ctx.body = { ListPartsResult: await listParts(dir, bucket, key, uploadId) };
      return;
    }
    if (!key && ctx.method === 'GET' && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      ctx.body = { ListMultipartUploadsResult: await listUploads(uploadsDir, bucket, prefix) };
      return;
    }
    return next();
  });
}

interface KoaContext {
  path: string;
  method: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
}

function noSuchUpload(ctx: KoaContext): void {
  ctx.status = 404;
  ctx.body = {
    Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' },
  };
}

async function listParts(dir: string, bucket: string, key: string, uploadId: string) {
  const names = (await readdir(dir)).filter((name) => /^\d+$/.test(name));
  const parts = await Promise.all(
    names.map(async (name) => {
      const [info, md5] = await Promise.all([
        stat(path.join(dir, name)),
        readFile(path.join(dir, `${name}.md5`), 'utf8'),
      ]);
      return {
        PartNumber: Number(name),
        LastModified: info.mtime.toISOString(),
        ETag: JSON.stringify(md5),
        Size: info.size,
      };
    }),
  );
  parts.sort((a, b) => a.PartNumber - b.PartNumber);
  return {
    Bucket: bucket,
    Key: key,
    UploadId: uploadId,
    MaxParts: 10_000,
    IsTruncated: false,
    ...(parts.length > 0 ? { Part: parts } : {}),
  };
}

async function listUploads(uploadsDir: string, bucket: string, prefix: string) {
  const ids = await readdir(uploadsDir).catch(() => [] as string[]);
  const uploads = [];
  for (const id of ids) {
    const dir = path.join(uploadsDir, id);
    const key = await readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined);
    if (key === undefined || !key.startsWith(prefix)) continue;
    const initiated = await initiatedAt(dir);
    uploads.push({ Key: key, UploadId: id, Initiated: initiated.toISOString() });
  }
  return {
    Bucket: bucket,
    Prefix: prefix,
    MaxUploads: 1_000,
    IsTruncated: false,
    ...(uploads.length > 0 ? { Upload: uploads } : {}),
  };
}

/** When the upload was initiated: its `key` file's time, which tests may set back to age it. */
async function initiatedAt(dir: string): Promise<Date> {
  return (await stat(path.join(dir, 'key'))).mtime;
}

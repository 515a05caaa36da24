import type { Readable } from 'node:stream';
import type { Upload } from '@tus/server';
import { AppError } from '../../platform/errors/app-error.ts';
import { mayUseUpload, type TusUploads } from './tus-server.ts';
import { attachmentDisposition } from './upload-metadata.ts';

/** A finished resumable upload of this user, or a clear error. */
async function finishedUpload(
  uploads: TusUploads,
  userId: number,
  uploadId: string,
): Promise<Upload> {
  if (!(await mayUseUpload(uploads.ctx, userId, uploadId))) throw new AppError('upload_not_found');
  let upload;
  try {
    upload = await uploads.store.getUpload(uploadId);
  } catch {
    throw new AppError('upload_not_found');
  }
  if (upload.size === undefined || upload.offset !== upload.size)
    throw new AppError('upload_incomplete');
  return upload;
}

/**
 * A finished upload's bytes, read from the tus store (local disk or the bucket), never from a
 * path on this node: the upload may have been taken by another node.
 */
export interface FinishedUploadSource {
  /** From the upload record (its declared length, all of it written). */
  bytes: number;
  open(): Promise<Readable>;
}

/** A finished resumable upload of this user, to be read as a stream, or a clear error. */
export async function finishedUploadSource(
  uploads: TusUploads,
  userId: number,
  uploadId: string,
): Promise<FinishedUploadSource> {
  const upload = await finishedUpload(uploads, userId, uploadId);
  return { bytes: upload.offset, open: async () => uploads.store.read(uploadId) };
}

export interface UploadDownload {
  stream: Readable;
  bytes: number;
  disposition: string;
}

/**
 * GET /api/uploads/{id}: the uploader's own finished file, always as an attachment. Served here
 * rather than by tus, whose GET builds headers from the raw metadata and answers its failures
 * outside the catalogue.
 */
export async function uploadDownload(
  uploads: TusUploads,
  userId: number,
  uploadId: string,
): Promise<UploadDownload> {
  const upload = await finishedUpload(uploads, userId, uploadId);
  let stream;
  try {
    stream = await uploads.store.read(uploadId);
  } catch {
    // Removed between the check and the read (posted as a story meanwhile).
    throw new AppError('upload_not_found');
  }
  return {
    stream,
    bytes: upload.offset,
    disposition: attachmentDisposition(upload.metadata?.filename),
  };
}

/** Removes the upload once its file has been taken over by a story. */
export async function discardUpload(uploads: TusUploads, uploadId: string): Promise<void> {
  await uploads.store.remove(uploadId).catch(() => undefined);
}

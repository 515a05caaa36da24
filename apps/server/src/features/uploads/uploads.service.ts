import { createReadStream, type ReadStream } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../platform/errors/app-error.ts';
import { mayUseUpload, type TusUploads } from './tus-server.ts';
import { attachmentDisposition } from './upload-metadata.ts';

type Upload = Awaited<ReturnType<TusUploads['store']['getUpload']>>;

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

/** A finished resumable upload of this user, as a file on disk, or a clear error. */
export async function finishedUploadFile(
  uploads: TusUploads,
  userId: number,
  uploadId: string,
): Promise<string> {
  await finishedUpload(uploads, userId, uploadId);
  return path.join(uploads.directory, uploadId);
}

export interface UploadDownload {
  stream: ReadStream;
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
  return {
    stream: createReadStream(path.join(uploads.directory, uploadId)),
    bytes: upload.offset,
    disposition: attachmentDisposition(upload.metadata?.filename),
  };
}

/** Removes the upload once its file has been taken over by a story. */
export async function discardUpload(uploads: TusUploads, uploadId: string): Promise<void> {
  await uploads.store.remove(uploadId).catch(() => undefined);
}

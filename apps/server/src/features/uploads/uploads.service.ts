import path from 'node:path';
import { AppError } from '../../platform/errors/app-error.ts';
import { isUploadOwnedBy, type TusUploads } from './tus-server.ts';

/** A finished resumable upload of this user, as a file on disk, or a clear error. */
export async function finishedUploadFile(
  uploads: TusUploads,
  userId: number,
  uploadId: string,
): Promise<string> {
  if (!isUploadOwnedBy(uploadId, userId)) throw new AppError('upload_not_found');
  let upload;
  try {
    upload = await uploads.store.getUpload(uploadId);
  } catch {
    throw new AppError('upload_not_found');
  }
  if (upload.size === undefined || upload.offset !== upload.size)
    throw new AppError('upload_incomplete');
  return path.join(uploads.directory, uploadId);
}

/** Removes the upload once its file has been taken over by a story. */
export async function discardUpload(uploads: TusUploads, uploadId: string): Promise<void> {
  await uploads.store.remove(uploadId).catch(() => undefined);
}

import { isErrKey } from '@glimpse/contract';
import { Upload, type DetailedError } from 'tus-js-client';
import { ApiError } from '../../lib/api.ts';

export const UPLOAD_ENDPOINT = '/api/uploads';
const CHUNK_SIZE = 5 * 1024 * 1024;
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000];

/** A tus failure as the ApiError the rest of the client understands (413, err_key bodies). */
function toApiError(error: Error | DetailedError): Error {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return error;
  const status = response.getStatus();
  let errKey: unknown;
  try {
    errKey = (JSON.parse(response.getBody()) as { err_key?: unknown }).err_key;
  } catch {
    errKey = undefined;
  }
  if (isErrKey(errKey)) return new ApiError(status, errKey);
  return new ApiError(status, status === 413 ? 'file_too_large' : undefined);
}

export interface UploadOptions {
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file to /api/uploads with tus in 5 MB chunks, resuming an earlier attempt at the same
 * file when there is one, and answers the upload id (the last segment of the upload URL). The
 * session cookie goes along on its own: the endpoint is same-origin.
 */
export function uploadStoryFile(
  file: File,
  { onProgress, signal }: UploadOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const handleAbort = () => {
      void upload.abort();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    const settle = (finish: () => void) => {
      signal?.removeEventListener('abort', handleAbort);
      finish();
    };
    const upload: Upload = new Upload(file, {
      endpoint: UPLOAD_ENDPOINT,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      onError: (error) => settle(() => reject(toApiError(error))),
      onSuccess: () => {
        const id = upload.url?.split('/').filter(Boolean).pop();
        settle(() =>
          id ? resolve(id) : reject(new Error('The upload finished without an address')),
        );
      },
      // 4xx answers other than a lost connection will not heal by retrying.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status === 409 || status === 423 || status >= 500;
      },
    });
    signal?.addEventListener('abort', handleAbort, { once: true });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(() => upload.start());
  });
}

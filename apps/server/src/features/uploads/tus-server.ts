import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import type { DbContext } from '../../platform/context.ts';
import { checkAccess } from '../access/index.ts';
import { sanitizeUploadMetadata } from './upload-metadata.ts';

/** Set by our route from the session, never by the client: tus hooks read the uploader from it. */
export const UPLOADER_HEADER = 'x-glimpse-uploader';
export const UPLOADS_PATH = '/api/uploads';
const EXPIRE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface TusUploads {
  /** What the access checks of `upload.own` run with. */
  ctx: DbContext;
  server: Server;
  store: FileStore;
  directory: string;
  /** Told about failures tus would answer with a 500; the routes plug in their logger. */
  onInternalError: (error: unknown) => void;
}

/** Whether the user may use the upload (`upload.own`: ids carry their owner, `{userId}-{random}`). */
export async function mayUseUpload(
  ctx: DbContext,
  userId: number,
  uploadId: string,
): Promise<boolean> {
  return (await checkAccess(ctx, userId, 'upload.own', [uploadId])).has(uploadId);
}

/**
 * Resumable uploads (tus) into DATA_DIR/uploads. An upload belongs to the user who created it;
 * every later request for it must come from that user's session. Abandoned uploads expire.
 */
export function createTusUploads(dataDir: string, maxBytes: number, ctx: DbContext): TusUploads {
  const directory = path.join(dataDir, 'uploads');
  mkdirSync(directory, { recursive: true });
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRE_AFTER_MS });
  const hooks: Pick<TusUploads, 'onInternalError'> = { onInternalError: () => undefined };
  const server = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    maxSize: maxBytes,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    namingFunction: (req) =>
      `${req.headers.get(UPLOADER_HEADER)}-${randomBytes(16).toString('hex')}`,
    onIncomingRequest: async (req, uploadId) => {
      const uploader = req.headers.get(UPLOADER_HEADER);
      if (!uploader) throw { status_code: 401, body: '{"err_key":"unauthenticated"}\n' };
      const mayUse =
        req.method === 'POST' ||
        req.method === 'OPTIONS' ||
        (/^\d+$/.test(uploader) && (await mayUseUpload(ctx, Number(uploader), uploadId)));
      if (!mayUse) throw { status_code: 404, body: '{"err_key":"upload_not_found"}\n' };
    },
    onUploadCreate: async (_req, upload) => ({ metadata: sanitizeUploadMetadata(upload.metadata) }),
    // tus answers an unexpected failure with a 500 whose body carries the internal message.
    onResponseError: (_req, error) => {
      const status = 'status_code' in error ? error.status_code : undefined;
      if (status !== undefined && status < 500) return undefined;
      hooks.onInternalError(error);
      return { status_code: 500, body: '{"err_key":"internal_error"}\n' };
    },
  });
  return Object.assign(hooks, { ctx, server, store, directory });
}

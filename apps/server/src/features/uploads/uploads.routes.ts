import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOADER_HEADER, UPLOADS_PATH, type TusUploads } from './tus-server.ts';
import { uploadDownload } from './uploads.service.ts';

/**
 * Hands the session's user to the tus hooks in a header. tus reads headers from `rawHeaders`
 * as well as `headers`, so both carry ours and a copy sent by the client is removed from both:
 * otherwise anyone could name another user as the uploader.
 */
function setUploader(raw: IncomingMessage, userId: number): void {
  for (let i = raw.rawHeaders.length - 2; i >= 0; i -= 2) {
    if (raw.rawHeaders[i]!.toLowerCase() === UPLOADER_HEADER) raw.rawHeaders.splice(i, 2);
  }
  raw.rawHeaders.push(UPLOADER_HEADER, String(userId));
  raw.headers[UPLOADER_HEADER] = String(userId);
}

/**
 * tus endpoints under /api/uploads. Fastify runs its hooks (Origin check, session) first; the
 * body is left unparsed for tus to stream to disk.
 */
export function uploadsRoutes(uploads: TusUploads): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );
    uploads.onInternalError = (error) => app.log.error({ err: error }, 'resumable upload failed');
    uploads.sweeper?.start();
    app.addHook('onClose', async () => {
      await uploads.sweeper?.stop();
      await uploads.close();
    });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const userId = await request.requireViewer();
      if (request.method === 'GET') {
        const id = (request.params as { '*'?: string })['*'] ?? '';
        const download = await uploadDownload(uploads, userId, id);
        return reply
          .header('Content-Type', 'application/octet-stream')
          .header('Content-Disposition', download.disposition)
          .header('Content-Length', String(download.bytes))
          .send(download.stream);
      }
      setUploader(request.raw, userId);
      reply.hijack();
      await uploads.server.handle(request.raw, reply.raw);
    };
    app.all(UPLOADS_PATH, { schema: { hide: true } }, handler);
    app.all(`${UPLOADS_PATH}/*`, { schema: { hide: true } }, handler);
  };
}

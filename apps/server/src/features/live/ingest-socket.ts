import { fastifyCookie } from '@fastify/cookie';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { AppContext } from '../../platform/context.ts';
import { refuseUpgrade, type UpgradeRoute } from '../../platform/http/upgrade-router.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import type { IngestSource } from './ingest-registry.ts';
import type { LiveIngest } from './live-ingest.ts';
import { authorizeIngest, type IngestRefusal } from './stream-lifecycle.service.ts';

/** One MediaRecorder chunk (100 ms) is far below this; larger messages close the socket. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

const REFUSALS: Record<IngestRefusal, [number, string]> = {
  unauthenticated: [401, 'Unauthorized'],
  not_found: [404, 'Not Found'],
  ended: [409, 'Conflict'],
};

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** Pipes a browser's binary messages into the stream's writer, with backpressure. */
function feedFrom(ingest: LiveIngest, streamId: number, ws: WebSocket): void {
  const source: IngestSource = {
    input: { kind: 'pipe' },
    close: ({ code, reason }) => ws.close(code, reason),
    isOpen: () => ws.readyState === ws.OPEN,
    feeds: true,
  };
  if (!ingest.connect(streamId, source)) return;
  ws.on('message', (data, isBinary) => {
    // Text messages carry nothing the ingest reads (a client's keep-alive): ignored.
    if (!isBinary) return;
    if (!ingest.feed(streamId, source, toBuffer(data))) {
      ws.pause();
      void ingest.drained(streamId).then(() => ws.resume());
    }
  });
  ws.on('close', () => ingest.disconnected(streamId, source));
  ws.on('error', () => ws.terminate());
}

/**
 * `GET /api/streams/{id}/ingest` upgraded to a WebSocket: the creator's browser sends its
 * MediaRecorder chunks (binary messages) here. The upgrade needs our Origin, the session cookie
 * of the stream's creator and a stream that has not ended; anything else is refused with an
 * HTTP status before a WebSocket exists (404 for a stream that is not the caller's).
 */
export function ingestUpgradeRoute(
  ctx: AppContext,
  ingest: LiveIngest,
): UpgradeRoute & { close(): void } {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  return {
    pattern: /^\/api\/streams\/([1-9][0-9]{0,9})\/ingest$/,
    handle(request, socket, head, match) {
      const streamId = Number(match[1]);
      if (streamId > 2_147_483_647) {
        refuseUpgrade(socket, 404, 'Not Found');
        return;
      }
      if (request.headers.origin !== ctx.config.publicOrigin) {
        refuseUpgrade(socket, 403, 'Forbidden');
        return;
      }
      const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
      authorizeIngest(ctx, cookies[SESSION_COOKIE], streamId)
        .then((answer) => {
          if (!answer.ok) {
            const [status, text] = REFUSALS[answer.refusal];
            refuseUpgrade(socket, status, text);
            return;
          }
          wss.handleUpgrade(request, socket, head, (ws) => feedFrom(ingest, streamId, ws));
        })
        .catch((error: unknown) => {
          ctx.log.error({ err: error, streamId }, 'live ingest upgrade failed');
          refuseUpgrade(socket, 503, 'Service Unavailable');
        });
    },
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

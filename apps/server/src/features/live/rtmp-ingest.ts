import { createServer, type Server, type Socket } from 'node:net';
import Context from 'node-media-server/src/core/context.js';
import nmsLogger from 'node-media-server/src/core/logger.js';
import NodeRtmpServer from 'node-media-server/src/server/rtmp_server.js';
import type { AppContext } from '../../platform/context.ts';
import type { IngestSource } from './ingest-registry.ts';
import type { LiveIngest } from './live-ingest.ts';
import { rtmpPublishTarget } from './stream-lifecycle.service.ts';

/** What node-media-server tells about an RTMP session (publisher or player). */
interface RtmpSession {
  ip: string;
  streamApp: string;
  streamName: string;
  socket: Socket;
  close(): void;
}

/** OBS publishes to rtmp://host:port/live/<stream key>. */
export const RTMP_APP = 'live';

const isLoopback = (ip: string) => /^(::ffff:)?127\.|^::1$/.test(ip);

/** node-media-server names the stream path in its messages: the path holds the secret key. */
export const redactStreamKeys = (message: string) =>
  message.replace(/\/live\/[A-Za-z0-9_-]+/g, '/live/[key]');

/**
 * Where this node's own ffmpeg reaches the RTMP listener: its address (RTMP_HOST may name one
 * interface), or loopback when it listens on every interface.
 */
function localAddressOf(address: string): string {
  if (address === '0.0.0.0' || address === '::') return '127.0.0.1';
  return address.includes(':') ? `[${address}]` : address;
}

/**
 * The RTMP ingest (OBS): node-media-server's RTMP protocol server on our own TCP listener (so a
 * busy port is an error we report, not its process.exit), bound to RTMP_HOST (127.0.0.1 by
 * default), with none of its HTTP, admin, recording or relay parts. A publish to
 * `live/<key>` is checked against the creator's derived key and their open stream, then the
 * same HLS writer as the browser path plays it back from 127.0.0.1; any other publish, and
 * playing from anywhere but this machine, is closed.
 */
export class RtmpIngest {
  private server: Server | undefined;
  private readonly rtmp: NodeRtmpServer;
  private readonly onPublish = (session: RtmpSession) => this.publish(session);
  private readonly onPlay = (session: RtmpSession) => {
    if (this.ours(session) && !this.fromThisMachine(session.socket.remoteAddress ?? ''))
      session.close();
  };

  constructor(
    private readonly ctx: AppContext,
    private readonly ingest: LiveIngest,
  ) {
    // No listener of its own (no `rtmp.port`): connections come from `server` below.
    Context.config = { bind: ctx.config.rtmpHost };
    // Its errors into our log (warn: a refused publisher is not our failure), keys redacted;
    // the rest of its chatter nowhere.
    nmsLogger.log = (message, level) => {
      if (level === 'error') ctx.log.warn({ rtmp: redactStreamKeys(String(message)) }, 'RTMP');
    };
    this.rtmp = new NodeRtmpServer();
  }

  async start(): Promise<void> {
    const { rtmpPort, rtmpHost } = this.ctx.config;
    Context.eventEmitter.on('prePublish', this.onPublish);
    Context.eventEmitter.on('prePlay', this.onPlay);
    const server = createServer((socket) => this.rtmp.handleRequest(socket));
    await new Promise<void>((resolve, reject) => {
      const refused = (error: Error) =>
        reject(
          new Error(`RTMP ingest cannot listen on ${rtmpHost}:${rtmpPort} (RTMP_PORT=0: off)`, {
            cause: error,
          }),
        );
      server.once('error', refused);
      server.listen(rtmpPort, rtmpHost, () => {
        server.off('error', refused);
        resolve();
      });
    });
    server.on('error', (error) => this.ctx.log.error({ err: error }, 'RTMP ingest error'));
    this.server = server;
  }

  async stop(): Promise<void> {
    Context.eventEmitter.off('prePublish', this.onPublish);
    Context.eventEmitter.off('prePlay', this.onPlay);
    this.rtmp.stop();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Sessions of this server (node-media-server's context is shared by the process). */
  private ours(session: RtmpSession): boolean {
    const address = this.server?.address();
    return typeof address === 'object' && address?.port === session.socket.localPort;
  }

  /** A player on this machine: loopback, or the one interface RTMP_HOST named (our ffmpeg). */
  private fromThisMachine(remote: string): boolean {
    const address = this.server?.address();
    const bound = typeof address === 'object' ? address?.address : undefined;
    return isLoopback(remote) || (bound !== undefined && remote.replace(/^::ffff:/, '') === bound);
  }

  private publish(session: RtmpSession): void {
    if (!this.ours(session)) return;
    if (session.streamApp !== RTMP_APP) {
      session.close();
      return;
    }
    const key = session.streamName;
    rtmpPublishTarget(this.ctx, key)
      .then((streamId) => {
        if (streamId === undefined || session.socket.destroyed) {
          session.close();
          return;
        }
        const { address, port } = this.server?.address() as { address: string; port: number };
        const source: IngestSource = {
          input: {
            kind: 'rtmp',
            url: `rtmp://${localAddressOf(address)}:${port}/${RTMP_APP}/${key}`,
          },
          close: () => session.close(),
          isOpen: () => !session.socket.destroyed && session.socket.writable,
          feeds: false,
        };
        if (!this.ingest.connect(streamId, source)) return;
        session.socket.once('close', () => this.ingest.disconnected(streamId, source));
      })
      .catch((error: unknown) => {
        this.ctx.log.error({ err: error }, 'RTMP publish check failed');
        session.close();
      });
  }
}

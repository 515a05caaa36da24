// The parts of node-media-server 4 (plain CommonJS, no types) the RTMP ingest uses: its RTMP
// protocol server and the shared context its sessions report to (rtmp-ingest.ts).

declare module 'node-media-server/src/core/context.js' {
  import type { EventEmitter } from 'node:events';
  const Context: { config: Record<string, unknown>; eventEmitter: EventEmitter };
  export default Context;
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string; log(message: string, level?: string): void };
  export default logger;
}

declare module 'node-media-server/src/server/rtmp_server.js' {
  import type { Socket } from 'node:net';
  export default class NodeRtmpServer {
    handleRequest(socket: Socket): void;
    stop(): void;
  }
}

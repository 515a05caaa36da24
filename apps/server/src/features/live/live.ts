import type { AppContext } from '../../platform/context.ts';
import type { UpgradeRoute } from '../../platform/http/upgrade-router.ts';
import { registerIngest } from './ingest-registry.ts';
import { ingestUpgradeRoute } from './ingest-socket.ts';
import { LiveIngest } from './live-ingest.ts';
import { liveSocketHandler, streamRoomGuard } from './live-sockets.ts';
import { RtmpIngest } from './rtmp-ingest.ts';
import { StreamSweeper } from './stream-sweeper.ts';
import { ViewerCounter } from './stream-viewers.ts';

/** The live feature's long-lived parts on one node, for server.ts to start and stop. */
export interface LiveRuntime {
  /** WebSocket endpoints outside socket.io (the browser ingest). */
  upgradeRoutes: UpgradeRoute[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Builds the node's live ingest (browser WebSockets), the viewer counter and its socket events
 * (registered before the socket hub is attached), the RTMP ingest unless RTMP_PORT=0, and on
 * worker nodes the stream sweeper.
 */
export function createLive(ctx: AppContext): LiveRuntime {
  const ingest = new LiveIngest(ctx);
  registerIngest(ctx, ingest);
  const counter = new ViewerCounter(ctx, () => ingest.activeStreamIds());
  ctx.realtime.onConnection(liveSocketHandler(ctx, counter));
  ctx.realtime.guardRooms(streamRoomGuard(ctx, counter));
  const browserIngest = ingestUpgradeRoute(ctx, ingest);
  const sweeper = ctx.config.role === 'api' ? undefined : new StreamSweeper(ctx);
  const rtmp = ctx.config.rtmpPort === 0 ? undefined : new RtmpIngest(ctx, ingest);
  return {
    upgradeRoutes: [browserIngest],
    start: async () => {
      await ingest.removeLeftovers();
      counter.start();
      sweeper?.start();
      await rtmp?.start();
    },
    stop: async () => {
      await rtmp?.stop();
      ingest.close();
      browserIngest.close();
      await counter.stop();
      await sweeper?.stop();
    },
  };
}

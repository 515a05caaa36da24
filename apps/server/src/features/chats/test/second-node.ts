import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SocketHub } from '../../../platform/realtime/socket-hub.ts';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../../../test/harness.ts';
import { usePostgres } from '../../../test/test-database.ts';
import { userIdForToken } from '../../auth/auth.service.ts';
import { SESSION_COOKIE } from '../../auth/session-token.ts';
import { liveSocketHandler } from '../../live/live-sockets.ts';
import { ViewerCounter } from '../../live/stream-viewers.ts';
import { chatSocketHandler } from '../chat-sockets.ts';
import { PresenceTracker } from '../presence.ts';

/** Tests only: a second node beside `nodeA`, sharing its database and Redis. */
export interface SecondNode {
  url: string;
  close(): Promise<void>;
}

/**
 * On PostgreSQL, a whole second server on the first one's database. PGlite is one process's
 * database, so there the second node is the realtime half of a server (its own socket.io
 * server, handshake, chat and live handlers) over the first one's database handle: either way the
 * only path between the nodes' sockets is the Redis adapter.
 */
export async function startSecondNode(nodeA: TestServer): Promise<SecondNode> {
  if (usePostgres()) {
    const nodeB = await startTestServer(
      { databaseUrl: nodeA.config.databaseUrl, s3: nodeA.config.s3 },
      { redisKeyPrefix: nodeA.redisKeyPrefix ?? 'glimpse' },
    );
    const url = await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
    return { url, close: () => nodeB.stop() };
  }
  const http = createHttpServer();
  const hub = new SocketHub();
  const presence = new PresenceTracker(nodeA.ctx);
  hub.onConnection(chatSocketHandler(nodeA.ctx, presence));
  // Its viewer counter is never started: counts are node A's (they read every node's sockets).
  hub.onConnection(liveSocketHandler(nodeA.ctx, new ViewerCounter(nodeA.ctx, () => [])));
  hub.attach(http, {
    allowedOrigin: TEST_ORIGIN,
    sessionCookie: SESSION_COOKIE,
    redisUrl: nodeA.config.redisUrl,
    redisChannelPrefix: `${nodeA.redisKeyPrefix ?? 'glimpse'}:socket.io`,
    authenticate: (token) => userIdForToken(nodeA.ctx, token),
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      await hub.close();
      await presence.stop();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/** Tests only: node A listening on a port, and a second node beside it. */
export interface TwoNodes {
  nodeA: TestServer;
  urlA: string;
  nodeB: SecondNode;
  /** Closes node B, then node A. */
  stop(): Promise<void>;
}

export async function startTwoNodes(): Promise<TwoNodes> {
  const nodeA = await startTestServer();
  const urlA = await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
  const nodeB = await startSecondNode(nodeA);
  return {
    nodeA,
    urlA,
    nodeB,
    stop: async () => {
      await nodeB.close();
      await nodeA.stop();
    },
  };
}

import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { HomeItem, StoryGroup } from '@glimpse/contract';
import { connected, openSocket } from '../../../../platform/realtime/test/socket-test-client.ts';
import {
  TEST_ORIGIN,
  startTestServer,
  type Client,
  type TestServer,
} from '../../../../test/harness.ts';
import { solidImage } from '../../../../test/images.ts';
import { postStory } from '../../../../test/stories.ts';
import { drainJobs } from '../../../stories/test/chat-story-fixtures.ts';

export type Person = { id: number; client: Client };

/**
 * Tests only: one listening server for an enforcement suite, with the surfaces its tests look
 * at (sockets closed after each test). Call at the top of a file; read `server` inside tests.
 */
export function useEnforcementServer() {
  let server: TestServer | undefined;
  let url = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  const serverNow = () => {
    if (!server) throw new Error('the enforcement server has not started');
    return server;
  };

  return {
    get server() {
      return serverNow();
    },

    async socketOf(person: Person): Promise<Socket> {
      const socket = openSocket(url, {
        cookie: `glimpse_session=${person.client.cookie}`,
        origin: TEST_ORIGIN,
      });
      sockets.push(socket);
      await connected(socket);
      return socket;
    },

    /** A public image story posted over HTTP and processed; answers its id. */
    async readyStory(owner: Person, model: Record<string, unknown> = {}): Promise<number> {
      const posted = await postStory(owner.client, {
        data: await solidImage('png', 120, 200),
        filename: 'photo.png',
        contentType: 'image/png',
        model,
      });
      expect(posted.statusCode, posted.body).toBe(201);
      await drainJobs(serverNow());
      return posted.json<{ id: number }>().id;
    },

    async storyIds(c: Client, ownerId: number) {
      const response = await c.get(`/api/users/${ownerId}/stories`);
      return response.statusCode === 200
        ? response.json<StoryGroup>().stories.map((s) => s.id)
        : response.statusCode;
    },

    async discover(c: Client) {
      const response = await c.get('/api/home/stories/discover?limit=60');
      return response.json<HomeItem[]>().map((i) => i.id);
    },
  };
}

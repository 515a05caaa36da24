import type { FastifyInstance } from 'fastify';
import { endpoints, type Endpoint } from '@glimpse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';

/** API routes that are not JSON endpoints, so they have no descriptor: the spec itself, tus. */
const OUTSIDE_THE_CONTRACT = [/^\/api\/openapi\.json$/, /^\/api\/uploads(\/?\*)?$/];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Every method + path the router serves, read from Fastify's own route tree (HEAD aside). */
function servedRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? parents[depth - 1]! : '') + match[2]!;
    parents[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) {
      routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

const descriptors = Object.entries(endpoints) as [string, Endpoint][];

describe('routes and contract descriptors', () => {
  it('every /api route the server has is described in the contract', () => {
    const described = new Set(descriptors.map(([, e]) => `${e.method} ${e.path}`));
    const api = servedRoutes(server.app).filter((route) => {
      const path = route.split(' ')[1]!;
      return path.startsWith('/api/') && !OUTSIDE_THE_CONTRACT.some((p) => p.test(path));
    });
    expect(api).toContain('GET /api/stories/:id');
    expect(api.filter((route) => !described.has(route))).toEqual([]);
  });

  it.each(descriptors)('%s is served by the server', (_name, endpoint) => {
    expect(server.app.hasRoute({ method: endpoint.method, url: endpoint.path })).toBe(true);
  });
});

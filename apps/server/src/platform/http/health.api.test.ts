import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponse } from '@glimpse/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { HEALTH_PROBE_TIMEOUT_MS } from './health-route.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const health = () => server.app.inject({ method: 'GET', url: '/api/health' });

describe('GET /api/health', () => {
  it('answers 200 with every dependency up, without a session', async () => {
    const response = await health();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = healthResponse.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.checks.database).toMatchObject({ state: 'up', kind: server.ctx.database.kind });
    expect(body.checks.storage).toMatchObject({ state: 'up', kind: server.ctx.blobs.kind });
    expect(body.checks.queue.state).toBe('up');
    expect(body.checks.queue.queued).toBeGreaterThanOrEqual(0);
    expect(body.checks.redis.state).toBe(server.config.redisUrl ? 'up' : 'not_configured');
  });

  it('answers 503 service_unavailable naming the dependency that fails, without its error', async () => {
    const blobs = server.ctx.blobs;
    const check = blobs.check.bind(blobs);
    blobs.check = () => Promise.reject(new Error('secret://user:password@storage.internal'));
    try {
      const response = await health();
      expect(response.statusCode).toBe(503);
      expect(response.body).not.toContain('secret');
      const { err_key, ...rest } = response.json<{ err_key: string }>();
      expect(err_key).toBe('service_unavailable');
      const body = healthResponse.parse(rest);
      expect(body.status).toBe('down');
      expect(body.checks.storage.state).toBe('down');
      expect(body.checks.database.state).toBe('up');
    } finally {
      blobs.check = check;
    }
    expect((await health()).statusCode).toBe(200);
  });

  it('reads a probe that hangs as down after its bound, and starts no second one meanwhile', async () => {
    const blobs = server.ctx.blobs;
    const check = blobs.check.bind(blobs);
    let started = 0;
    let release: () => void = () => undefined;
    blobs.check = () => {
      started += 1;
      return new Promise<void>((resolve) => (release = resolve));
    };
    try {
      const [first, second] = await Promise.all([health(), health()]);
      expect(first.statusCode).toBe(503);
      expect(second.statusCode).toBe(503);
      const ms = first.json<{ checks: { storage: { ms: number } } }>().checks.storage.ms;
      expect(ms).toBeGreaterThanOrEqual(HEALTH_PROBE_TIMEOUT_MS - 50);
      expect(started).toBe(1);
    } finally {
      release();
      blobs.check = check;
    }
  });

  it('logs a dependency going down with its error, once, and its coming back', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    const logged = await startTestServer({}, { logger: logger as unknown as FastifyBaseLogger });
    const blobs = logged.ctx.blobs;
    const check = blobs.check.bind(blobs);
    const poll = () => logged.app.inject({ method: 'GET', url: '/api/health' });
    try {
      expect((await poll()).statusCode).toBe(200);
      blobs.check = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9'));
      expect((await poll()).statusCode).toBe(503);
      expect((await poll()).statusCode).toBe(503);
      blobs.check = check;
      expect((await poll()).statusCode).toBe(200);
      const health = lines.filter((line) => String(line.msg).startsWith('health:'));
      expect(health).toEqual([
        expect.objectContaining({
          msg: 'health: dependency down',
          dependency: 'storage',
          err: expect.objectContaining({ message: 'connect ECONNREFUSED 127.0.0.1:9' }),
        }),
        expect.objectContaining({ msg: 'health: dependency up again', dependency: 'storage' }),
      ]);
    } finally {
      blobs.check = check;
      await logged.stop();
    }
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import type { AppContext } from '../context.ts';
import { buildHttpApp, type FeatureRoutes } from './app.ts';

/** The HTTP app alone (no database) with a logger whose lines the test reads back. */
async function appLogging(env: Record<string, string>) {
  const lines: { msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as { msg: string });
      done();
    },
  });
  const log = pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger;
  const config = loadConfig(
    { LOG_LEVEL: 'info', ...env },
    {
      dataDir: mkdtempSync(path.join(tmpdir(), 'glimpse-log-')),
    },
  );
  const ctx = { config, log } as AppContext;
  const routes: FastifyPluginAsyncZod = async (instance) => {
    instance.get('/ok', () => ({ ok: true }));
    instance.get('/boom', () => {
      throw new Error('boom');
    });
  };
  const app = await buildHttpApp(ctx, [routes as FeatureRoutes]);
  return { app, messages: () => lines.map((line) => line.msg) };
}

describe('request logging', () => {
  it('writes no line per request by default, but still logs errors', async () => {
    const { app, messages } = await appLogging({});
    await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/boom' });
    expect(messages()).toEqual(['unhandled error']);
    await app.close();
  });

  it('logs every request with ACCESS_LOG=true', async () => {
    const { app, messages } = await appLogging({ ACCESS_LOG: 'true' });
    await app.inject({ method: 'GET', url: '/ok' });
    expect(messages()).toEqual(['incoming request', 'request completed']);
    await app.close();
  });
});

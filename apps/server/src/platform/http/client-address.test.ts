import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import type { AppContext } from '../context.ts';
import { buildHttpApp, type FeatureRoutes } from './app.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-client-address-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The HTTP app as the server builds it (no database), with a route answering request.ip. */
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ SECRET: 's', LOG_LEVEL: 'silent', ...env }, { dataDir });
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const routes: FastifyPluginAsyncZod = async (instance) => {
    instance.get('/ip', (request) => ({ ip: request.ip }));
  };
  app = await buildHttpApp({ config, log } as AppContext, [routes as FeatureRoutes]);
  return app;
}

async function ipSeen(
  server: FastifyInstance,
  remoteAddress: string,
  forwardedFor?: string,
): Promise<string> {
  const response = await server.inject({
    method: 'GET',
    url: '/ip',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return (response.json() as { ip: string }).ip;
}

describe('the client address (request.ip)', () => {
  it('with TRUSTED_PROXIES unset, a forged X-Forwarded-For over a real socket changes nothing', async () => {
    const server = await appWith({});
    await server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/ip`, {
      headers: { 'X-Forwarded-For': '81.2.69.142' },
    });
    expect(await response.json()).toEqual({ ip: '127.0.0.1' });
  });

  it('with TRUSTED_PROXIES unset, is the socket address whatever the header lists', async () => {
    const server = await appWith({});
    expect(await ipSeen(server, '127.0.0.1', '81.2.69.142')).toBe('127.0.0.1');
    expect(await ipSeen(server, '198.51.100.7', '81.2.69.142, 10.0.0.1')).toBe('198.51.100.7');
  });

  it('with TRUSTED_PROXIES=127.0.0.1, is the address the proxy forwarded', async () => {
    const server = await appWith({ TRUSTED_PROXIES: '127.0.0.1' });
    expect(await ipSeen(server, '127.0.0.1', '81.2.69.142')).toBe('81.2.69.142');
    // An IPv4 peer on a dual-stack socket is the same trusted proxy.
    expect(await ipSeen(server, '::ffff:127.0.0.1', '81.2.69.142')).toBe('81.2.69.142');
    // No header: the proxy's own address.
    expect(await ipSeen(server, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const server = await appWith({ TRUSTED_PROXIES: '127.0.0.1' });
    expect(await ipSeen(server, '198.51.100.7', '81.2.69.142')).toBe('198.51.100.7');
  });

  it('walks the chain from the right and stops at the first hop not trusted', async () => {
    const server = await appWith({ TRUSTED_PROXIES: '127.0.0.1,10.0.0.0/8' });
    // 10.1.1.1 is a trusted inner proxy; 203.0.113.9 is not, so what it claims (81.2.69.142)
    // may be forged and the client is 203.0.113.9.
    expect(await ipSeen(server, '127.0.0.1', '81.2.69.142, 203.0.113.9, 10.1.1.1')).toBe(
      '203.0.113.9',
    );
    // Every hop trusted: the left-most address is the client.
    expect(await ipSeen(server, '127.0.0.1', '81.2.69.142, 10.2.2.2, 10.1.1.1')).toBe(
      '81.2.69.142',
    );
  });

  it('trusts IPv6 proxies by range', async () => {
    const server = await appWith({ TRUSTED_PROXIES: 'fd00::/8' });
    expect(await ipSeen(server, 'fd00::5', '2001:4ca0::1')).toBe('2001:4ca0::1');
    expect(await ipSeen(server, 'fe80::5', '2001:4ca0::1')).toBe('fe80::5');
  });
});

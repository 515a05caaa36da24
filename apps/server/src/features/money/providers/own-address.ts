import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../../../platform/context.ts';

/**
 * Where this process's own HTTP server can be reached, for the sandbox provider's webhooks: the
 * sandbox plays an outside provider, so it calls our webhook over HTTP like one would. The
 * listening socket is preferred (no proxy or TLS in between); a node that does not listen (a
 * worker) goes through PUBLIC_URL.
 */
const servers = new WeakMap<object, Server>();

export function rememberOwnServer(ctx: Pick<AppContext, 'config'>, server: Server): void {
  servers.set(ctx.config, server);
}

export function ownBaseUrl(ctx: Pick<AppContext, 'config'>): string {
  const address = servers.get(ctx.config)?.address();
  if (!address || typeof address === 'string') return ctx.config.publicUrl;
  return `http://${loopbackFor(address)}:${address.port}`;
}

function loopbackFor(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '[::1]';
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}

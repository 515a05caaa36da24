import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { countryOfAddress } from '../geo/index.ts';

interface RequestPlace {
  ip: string;
  /** Looked up on first use: most requests never ask. */
  country?: string | null;
}

const place = new AsyncLocalStorage<RequestPlace>();

/**
 * Every HTTP request runs inside a context holding its client address (request.ip: the socket's,
 * or X-Forwarded-For past TRUSTED_PROXIES only), so code far from the request (access's facts
 * readers, for geo-blocking) can ask for the viewer's country without threading it through every
 * call. Outside a request (jobs) there is no country; a socket's `chat.join` runs inside its
 * handshake's address (features/chats/chat-sockets.ts).
 */
export function registerRequestCountry(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    place.run({ ip: request.ip }, done);
  });
}

/** The current request's country (lower-case alpha-2), or null (none known, or no request). */
export function requestCountry(): string | null {
  const current = place.getStore();
  if (!current) return null;
  if (current.country === undefined) current.country = countryOfAddress(current.ip);
  return current.country;
}

/** Runs `work` as if inside a request from `ip` (tests, and callers replaying a request). */
export function withRequestAddress<T>(ip: string, work: () => T): T {
  return place.run({ ip }, work);
}

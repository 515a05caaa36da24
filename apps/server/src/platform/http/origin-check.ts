import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for cookie-authenticated writes. A browser always sends
 * Origin (or at least Sec-Fetch-Site) on a state-changing request, so a foreign or "null" origin
 * is refused. Requests with neither header come from non-browser clients that cannot carry
 * a victim's cookie. Provider webhooks are exempt: they authenticate by signature instead.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (
      request.url.startsWith('/api/payments/webhook/') ||
      request.url.startsWith('/api/verification/webhook/')
    )
      return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== allowedOrigin) throw new AppError('origin_mismatch');
      return;
    }
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new AppError('origin_mismatch');
    }
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendRouteNotFound } from './error-handler.ts';

/**
 * Serves the built web app: files from disk (looked up per request, so a rebuild is picked up),
 * and index.html for every other GET page so the client router decides between a screen and its
 * own 404. API, media and asset paths never fall through to the page: a missing chunk is a 404.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: false,
    // The web build writes .br and .gz beside each text file (apps/web/vite.config.ts).
    preCompressed: true,
    // Vite's hashed chunks never change under a name: browsers may keep them for a year.
    setHeaders: (response, filePath) => {
      if (filePath.includes('/assets/'))
        response.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const sendIndex = (reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const notAPage =
      url.startsWith('/api/') || url.startsWith('/media/') || url.startsWith('/assets/');
    if (notAPage || request.method !== 'GET') return sendRouteNotFound(request, reply);
    return sendIndex(reply);
  });
}

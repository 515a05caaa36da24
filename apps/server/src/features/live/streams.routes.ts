import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import {
  createStream,
  endStream,
  getOwnStream,
  getStream,
  getStreamKey,
  getUserStream,
  rotateStreamKey,
} from './streams.service.ts';

export function streamsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.createStream),
      handler: async (request, reply) => {
        const stream = await createStream(ctx, await request.requireViewer(), request.body);
        return reply.status(201).send(stream);
      },
    });
    app.route({
      ...routeOf(endpoints.endStream),
      handler: async (request) => endStream(ctx, await request.requireViewer(), request.params.id),
    });
    app.route({
      ...routeOf(endpoints.stream),
      handler: async (request) => getStream(ctx, await request.requireViewer(), request.params.id),
    });
    app.route({
      ...routeOf(endpoints.userStream),
      handler: async (request) =>
        getUserStream(ctx, await request.requireViewer(), request.params.id),
    });
    app.route({
      ...routeOf(endpoints.ownStream),
      handler: async (request) => getOwnStream(ctx, await request.requireViewer()),
    });
    app.route({
      ...routeOf(endpoints.streamKey),
      handler: async (request) => getStreamKey(ctx, await request.requireViewer()),
    });
    app.route({
      ...routeOf(endpoints.rotateStreamKey),
      handler: async (request) => rotateStreamKey(ctx, await request.requireViewer()),
    });
  };
}

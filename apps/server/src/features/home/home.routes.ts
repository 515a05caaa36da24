import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, parseHomeFilter } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { getHomeStories, getHomeStreams } from './home.service.ts';

export function homeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.homeStories),
      handler: async (request) =>
        getHomeStories(
          ctx,
          await request.requireViewer(),
          request.params.section,
          parseHomeFilter(request.query),
        ),
    });
    app.route({
      ...routeOf(endpoints.homeStreams),
      handler: async (request) =>
        getHomeStreams(
          ctx,
          await request.requireViewer(),
          request.params.section,
          parseHomeFilter(request.query),
        ),
    });
  };
}

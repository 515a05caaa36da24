import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOME_SECTIONS, homeFilterQuery, homeItemSchema, parseHomeFilter } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { getHomeStories } from './home.service.ts';

export function homeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const section of HOME_SECTIONS) {
      app.get(
        `/api/home/stories/${section}`,
        { schema: { querystring: homeFilterQuery, response: { 200: z.array(homeItemSchema) } } },
        async (request) =>
          getHomeStories(
            ctx,
            await request.requireViewer(),
            section,
            parseHomeFilter(request.query),
          ),
      );
    }
  };
}

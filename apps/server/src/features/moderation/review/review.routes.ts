import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { routeOf } from '../../../platform/http/route-of.ts';
import { reviewDecide, reviewList } from './review.service.ts';

/** Stories held near known content (moderation.console): listed and decided. */
export function reviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.reviewList),
      handler: async (request) => reviewList(ctx, await request.requireViewer()),
    });
    app.route({
      ...routeOf(endpoints.reviewDecide),
      handler: async (request) =>
        reviewDecide(ctx, await request.requireViewer(), request.params.id, request.body),
    });
  };
}

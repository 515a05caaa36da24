import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { setFollowing } from './social.service.ts';

export function socialRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.follow),
      handler: async (request) => ({
        following: await setFollowing(ctx, await request.requireViewer(), request.params.id, true),
      }),
    });
    app.route({
      ...routeOf(endpoints.unfollow),
      handler: async (request) => ({
        following: await setFollowing(ctx, await request.requireViewer(), request.params.id, false),
      }),
    });
  };
}

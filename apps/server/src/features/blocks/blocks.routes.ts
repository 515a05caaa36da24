import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { blockedUsers, blockUser, unblockUser } from './blocks.service.ts';

export function blocksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.blockUser),
      handler: async (request) => ({
        blocked: await blockUser(ctx, await request.requireViewer(), request.params.id),
      }),
    });
    app.route({
      ...routeOf(endpoints.unblockUser),
      handler: async (request) => ({
        blocked: await unblockUser(ctx, await request.requireViewer(), request.params.id),
      }),
    });
    app.route({
      ...routeOf(endpoints.blockedUsers),
      handler: async (request) => blockedUsers(ctx, await request.requireViewer()),
    });
  };
}

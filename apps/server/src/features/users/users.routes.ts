import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { getCompanion, getProfileBySlug, updateProfile } from './users.service.ts';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.companion),
      handler: async (request) =>
        getCompanion(ctx, await request.requireViewer(), request.params.id),
    });

    app.route({
      ...routeOf(endpoints.profileBySlug),
      handler: async (request) =>
        getProfileBySlug(ctx, await request.requireViewer(), request.params.slug),
    });

    app.route({
      ...routeOf(endpoints.updateProfile),
      handler: async (request) => updateProfile(ctx, await request.requireViewer(), request.body),
    });
  };
}

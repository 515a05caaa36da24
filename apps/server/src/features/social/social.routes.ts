import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { followResponse, idParam } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { setFollowing } from './social.service.ts';

export function socialRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/users/:id/follow',
      { schema: { params: idParam, response: { 200: followResponse } } },
      async (request) => ({
        following: await setFollowing(ctx, await request.requireViewer(), request.params.id, true),
      }),
    );
    app.delete(
      '/api/users/:id/follow',
      { schema: { params: idParam, response: { 200: followResponse } } },
      async (request) => ({
        following: await setFollowing(ctx, await request.requireViewer(), request.params.id, false),
      }),
    );
  };
}

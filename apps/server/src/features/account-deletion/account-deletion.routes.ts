import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { cancelDeletion, requestDeletion } from './account-deletion.service.ts';

/** POST and DELETE /api/users/me/deletion: ask for the account's deletion, or keep it. */
export function accountDeletionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.requestAccountDeletion),
      handler: async (request, reply) => {
        // A stolen session alone must not delete an account that has a second factor.
        const userId = await request.requireSecondFactor();
        const answer = await requestDeletion(ctx, userId, request.body.password);
        // Every session ended, this one too: signing out here.
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return answer;
      },
    });

    app.route({
      ...routeOf(endpoints.cancelAccountDeletion),
      handler: async (request) => {
        await cancelDeletion(ctx, await request.requireViewer());
        return { success: true as const };
      },
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { sendRouteNotFound } from '../../platform/http/error-handler.ts';

/** The development mailbox: placeholder until its pages land. */
export function mailRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dev/mailbox', { schema: { hide: true } }, (request, reply) =>
      sendRouteNotFound(request, reply),
    );
  };
}

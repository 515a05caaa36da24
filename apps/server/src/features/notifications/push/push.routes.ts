import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { routeOf } from '../../../platform/http/route-of.ts';
import { pushKey, subscribePush, unsubscribePush } from './push.service.ts';

/** Web Push: the server's VAPID key, and a browser's subscription saved or removed. */
export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.pushKey),
      handler: async (request) => {
        await request.requireViewer();
        return pushKey(ctx);
      },
    });
    app.route({
      ...routeOf(endpoints.subscribePush),
      handler: async (request, reply) => {
        const session = await request.requireSession();
        await subscribePush(ctx, session, request.body, request.headers['user-agent']);
        return reply.status(201).send({ success: true });
      },
    });
    app.route({
      ...routeOf(endpoints.unsubscribePush),
      handler: async (request, reply) => {
        await unsubscribePush(ctx, await request.requireViewer(), request.body.endpoint);
        return reply.status(204).send();
      },
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import {
  appealSuspension,
  appealTakedown,
  appealWithStandingToken,
  consoleAppeals,
  decideAppeal,
} from './appeals.service.ts';

export function appealsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.createAppeal),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await appealTakedown(ctx, await request.requireViewer(), request.body)),
    });
    // No session: a suspended account cannot sign in; the body's credentials prove the owner.
    app.route({
      ...routeOf(endpoints.createSuspensionAppeal),
      handler: async (request, reply) =>
        reply.status(201).send(await appealSuspension(ctx, request.body, request.ip)),
    });
    // No session either: the token of the suspended account's refused sign-in proves the owner.
    app.route({
      ...routeOf(endpoints.createSuspendedAppeal),
      handler: async (request, reply) =>
        reply.status(201).send(await appealWithStandingToken(ctx, request.body)),
    });
    app.route({
      ...routeOf(endpoints.consoleAppeals),
      handler: async (request) => consoleAppeals(ctx, await request.requireViewer(), request.query),
    });
    app.route({
      ...routeOf(endpoints.decideAppeal),
      handler: async (request) =>
        decideAppeal(ctx, await request.requireViewer(), request.params.id, request.body),
    });
  };
}

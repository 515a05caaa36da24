import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import {
  claimantNotice,
  consoleNotices,
  counterNotice,
  fileNotice,
  ownNotices,
  rejectNotice,
  reportCourtAction,
} from './copyright.service.ts';

export function copyrightRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: no session needed (the claimant usually has no account).
    app.route({
      ...routeOf(endpoints.createCopyrightNotice),
      handler: async (request, reply) => {
        const answer = await fileNotice(ctx, request.body, request.ip);
        return reply.status(201).send(answer);
      },
    });
    app.route({
      ...routeOf(endpoints.claimantNotice),
      handler: async (request) => claimantNotice(ctx, request.query.token, request.ip),
    });
    app.route({
      ...routeOf(endpoints.reportCourtAction),
      handler: async (request) => reportCourtAction(ctx, request.body.token, request.ip),
    });
    app.route({
      ...routeOf(endpoints.ownCopyrightNotices),
      handler: async (request) => ownNotices(ctx, await request.requireViewer()),
    });
    app.route({
      ...routeOf(endpoints.counterCopyrightNotice),
      handler: async (request) =>
        counterNotice(ctx, await request.requireViewer(), request.params.id, request.body),
    });
    app.route({
      ...routeOf(endpoints.consoleCopyrightNotices),
      handler: async (request) => consoleNotices(ctx, await request.requireViewer(), request.query),
    });
    app.route({
      ...routeOf(endpoints.rejectCopyrightNotice),
      handler: async (request) =>
        rejectNotice(ctx, await request.requireViewer(), request.params.id, request.body.note),
    });
  };
}

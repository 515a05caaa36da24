import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { moderationAction } from './actions.service.ts';
import {
  adminAuditLog,
  adminReports,
  adminResolveReport,
  adminSuspendUser,
  adminUnsuspendUser,
} from './admin.service.ts';
import {
  moderationAuditLog,
  moderationStreams,
  moderationUser,
  moderationUserSearch,
} from './lookup.service.ts';
import { moderationQueue } from './queue.service.ts';
import { createReport, reportStory } from './reports.service.ts';
import { accountStanding, suspendedStanding } from './standing.service.ts';

/** Reports (anyone signed in), the console (moderation.console), the account's standing. */
export function moderationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.createReport),
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await createReport(ctx, await request.requireViewer(), request.body)),
    });
    // The spec's story report, kept at its path and answer; it lands in the same queue.
    app.route({
      ...routeOf(endpoints.reportStory),
      handler: async (request) => {
        await reportStory(
          ctx,
          await request.requireViewer(),
          request.params.id,
          request.body.accusation,
        );
        return { success: true as const, message: 'report_received' };
      },
    });
    app.route({
      ...routeOf(endpoints.moderationQueue),
      handler: async (request) =>
        moderationQueue(ctx, await request.requireViewer(), request.query),
    });
    app.route({
      ...routeOf(endpoints.moderationAction),
      handler: async (request) =>
        moderationAction(ctx, await request.requireViewer(), request.body),
    });
    app.route({
      ...routeOf(endpoints.moderationAuditLog),
      handler: async (request) =>
        moderationAuditLog(ctx, await request.requireViewer(), request.query),
    });
    app.route({
      ...routeOf(endpoints.moderationUserSearch),
      handler: async (request) =>
        moderationUserSearch(ctx, await request.requireViewer(), request.query.q),
    });
    app.route({
      ...routeOf(endpoints.moderationUser),
      handler: async (request) =>
        moderationUser(ctx, await request.requireViewer(), request.params.id),
    });
    app.route({
      ...routeOf(endpoints.moderationStreams),
      handler: async (request) => moderationStreams(ctx, await request.requireViewer()),
    });
    app.route({
      ...routeOf(endpoints.accountStanding),
      handler: async (request) => accountStanding(ctx, await request.requireViewer()),
    });
    // No session: the suspended account's token from its refused sign-in (issue 29).
    app.route({
      ...routeOf(endpoints.suspendedStanding),
      handler: async (request) => suspendedStanding(ctx, request.body.standing_token),
    });
    // The fixed paths under /api/admin: the same console, the same rules.
    app.route({
      ...routeOf(endpoints.adminReports),
      handler: async (request) => adminReports(ctx, await request.requireViewer(), request.query),
    });
    app.route({
      ...routeOf(endpoints.adminResolveReport),
      handler: async (request) =>
        adminResolveReport(ctx, await request.requireViewer(), request.params.id, request.body),
    });
    app.route({
      ...routeOf(endpoints.adminSuspendUser),
      handler: async (request) =>
        adminSuspendUser(ctx, await request.requireViewer(), request.params.id, request.body),
    });
    app.route({
      ...routeOf(endpoints.adminUnsuspendUser),
      handler: async (request) =>
        adminUnsuspendUser(ctx, await request.requireViewer(), request.params.id, request.body),
    });
    app.route({
      ...routeOf(endpoints.adminAuditLog),
      handler: async (request) => adminAuditLog(ctx, await request.requireViewer(), request.query),
    });
  };
}

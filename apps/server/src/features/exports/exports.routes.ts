import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { listDataExports, openDataExport, requestDataExport } from './exports.service.ts';

export function exportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.requestDataExport),
      handler: async (request, reply) => {
        const created = await requestDataExport(ctx, await request.requireViewer());
        return reply.status(201).send(created);
      },
    });
    app.route({
      ...routeOf(endpoints.dataExports),
      handler: async (request) => listDataExports(ctx, await request.requireViewer()),
    });
    /** The zip itself: an attachment, so a plain link (`<a download>`) saves it. */
    app.route({
      ...routeOf(endpoints.downloadDataExport),
      handler: async (request, reply) => {
        const archive = await openDataExport(ctx, await request.requireViewer(), request.params.id);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Length', String(archive.bytes))
          .header('Content-Disposition', `attachment; filename="${archive.filename}"`)
          .header('Cache-Control', 'private, no-store')
          .send(archive.stream);
      },
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints, STORY_UPLOAD_MAX_BYTES } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { multipartForm } from '../../platform/http/documented-body.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import {
  blocklist,
  listStoryForModerator,
  listUploadedFile,
  removeListed,
  requireConsole,
} from './known-content.service.ts';

/** The blocklist of known content (moderation.console; removal moderation.admin). */
export function knownContentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.blocklist),
      handler: async (request) => blocklist(ctx, await request.requireViewer()),
    });
    // The console's path and the fixed /api/admin one: the same service and rules.
    for (const endpoint of [endpoints.blocklistFromStory, endpoints.adminHashBlocklist]) {
      app.route({
        ...routeOf(endpoint),
        handler: async (request, reply) => {
          const added = await listStoryForModerator(
            ctx,
            await request.requireViewer(),
            request.body.story_id,
            request.body.label,
          );
          return reply.status(201).send({ added });
        },
      });
    }
    const fromFile = routeOf(endpoints.blocklistFromFile);
    app.route({
      ...fromFile,
      schema: {
        ...fromFile.schema,
        documentedBody: {
          'multipart/form-data': multipartForm({ file: 'file', label: z.string().max(200) }, [
            'file',
          ]),
        },
      },
      handler: async (request, reply) => {
        const moderatorId = await request.requireViewer();
        await requireConsole(ctx, moderatorId);
        const file = await request.file({ limits: { fileSize: STORY_UPLOAD_MAX_BYTES, files: 1 } });
        if (!file) throw new AppError('file_missing');
        let data: Buffer;
        try {
          data = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('file_too_large');
          throw error;
        }
        if (data.length === 0) throw new AppError('file_missing');
        const labelField = file.fields['label'];
        const label =
          labelField && !Array.isArray(labelField) && labelField.type === 'field'
            ? String(labelField.value).trim().slice(0, 200)
            : '';
        const added = await listUploadedFile(ctx, moderatorId, {
          data,
          contentType: file.mimetype,
          label,
        });
        return reply.status(201).send({ added });
      },
    });
    app.route({
      ...routeOf(endpoints.blocklistRemove),
      handler: async (request) => {
        await removeListed(ctx, await request.requireViewer(), request.params.id);
        return { success: true as const };
      },
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStoryFromUploadBody,
  editStoryBody,
  idParam,
  messageBody,
  ownStorySchema,
  reportStoryBody,
  reportStoryResponse,
  storyGroupSchema,
  storySchema,
  storyStatisticsSchema,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { parseOrThrow } from '../../platform/http/parse.ts';
import type { TusUploads } from '../uploads/tus-server.ts';
import { discardUpload, finishedUploadFile } from '../uploads/uploads.service.ts';
import { readStoryMultipart, storyMultipartForm } from './story-multipart.ts';
import {
  createStory,
  deleteStory,
  editStory,
  getStory,
  getStoryGroup,
  listOwnStories,
  reportStory,
  storyStatistics,
  watchStory,
} from './stories.service.ts';

export function storiesRoutes(ctx: AppContext, uploads: TusUploads): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/stories',
      {
        schema: {
          consumes: ['multipart/form-data', 'application/json'],
          documentedBody: {
            'multipart/form-data': storyMultipartForm,
            'application/json': createStoryFromUploadBody,
          },
          response: { 201: storySchema },
        },
      },
      async (request, reply) => {
        const userId = await request.requireViewer();
        if (request.isMultipart()) {
          const upload = await readStoryMultipart(request, ctx.config.storyUploadMaxBytes);
          try {
            return reply.status(201).send(await createStory(ctx, userId, upload));
          } finally {
            await upload.cleanup();
          }
        }
        const body = parseOrThrow(createStoryFromUploadBody, request.body);
        const file = await finishedUploadFile(uploads, userId, body.upload_id);
        const story = await createStory(ctx, userId, { file, model: body.model, meta: body.meta });
        await discardUpload(uploads, body.upload_id);
        return reply.status(201).send(story);
      },
    );

    app.get(
      '/api/users/me/stories',
      { schema: { response: { 200: z.array(ownStorySchema) } } },
      async (request) => listOwnStories(ctx, await request.requireViewer()),
    );

    app.get(
      '/api/users/:id/stories',
      { schema: { params: idParam, response: { 200: storyGroupSchema } } },
      async (request) => getStoryGroup(ctx, await request.requireViewer(), request.params.id),
    );

    app.get(
      '/api/stories/:id',
      { schema: { params: idParam, response: { 200: storySchema } } },
      async (request) => getStory(ctx, await request.requireViewer(), request.params.id),
    );

    app.patch(
      '/api/stories/:id',
      { schema: { params: idParam, body: editStoryBody, response: { 200: messageBody } } },
      async (request) =>
        editStory(ctx, await request.requireViewer(), request.params.id, request.body),
    );

    app.delete('/api/stories/:id', { schema: { params: idParam } }, async (request, reply) => {
      await deleteStory(ctx, await request.requireViewer(), request.params.id);
      return reply.status(204).send();
    });

    app.get(
      '/api/stories/:id/statistics',
      { schema: { params: idParam, response: { 200: storyStatisticsSchema } } },
      async (request) => storyStatistics(ctx, await request.requireViewer(), request.params.id),
    );

    app.post('/api/stories/:id/watch', { schema: { params: idParam } }, async (request, reply) => {
      await watchStory(ctx, await request.requireViewer(), request.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/api/stories/:id/report',
      {
        schema: { params: idParam, body: reportStoryBody, response: { 200: reportStoryResponse } },
      },
      async (request) => {
        await reportStory(
          ctx,
          await request.requireViewer(),
          request.params.id,
          request.body.accusation,
        );
        return { success: true as const, message: 'report_received' };
      },
    );
  };
}

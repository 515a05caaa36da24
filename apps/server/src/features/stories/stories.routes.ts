import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStoryFromUploadBody, endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { parseOrThrow } from '../../platform/http/parse.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import type { TusUploads } from '../uploads/index.ts';
import { discardUpload, finishedUploadSource } from '../uploads/index.ts';
import { readStoryMultipart, storyMultipartForm } from './story-multipart.ts';
import {
  createStory,
  deleteStory,
  editStory,
  getStory,
  getStoryGroup,
  listOwnStories,
  storyStatistics,
  watchStory,
} from './stories.service.ts';
import { replyToStory, storyViewers } from './story-audience.service.ts';

export function storiesRoutes(ctx: AppContext, uploads: TusUploads): FastifyPluginAsyncZod {
  return async (app) => {
    const createStoryRoute = routeOf(endpoints.createStory);
    app.route({
      ...createStoryRoute,
      schema: {
        ...createStoryRoute.schema,
        // The handler reads either body itself; OpenAPI still describes both.
        documentedBody: {
          'multipart/form-data': storyMultipartForm,
          'application/json': createStoryFromUploadBody,
        },
      },
      handler: async (request, reply) => {
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
        const file = await finishedUploadSource(uploads, userId, body.upload_id);
        const story = await createStory(ctx, userId, { file, model: body.model, meta: body.meta });
        await discardUpload(uploads, body.upload_id);
        return reply.status(201).send(story);
      },
    });

    app.route({
      ...routeOf(endpoints.ownStories),
      handler: async (request) => listOwnStories(ctx, await request.requireViewer()),
    });

    app.route({
      ...routeOf(endpoints.storyGroup),
      handler: async (request) =>
        getStoryGroup(ctx, await request.requireViewer(), request.params.id),
    });

    app.route({
      ...routeOf(endpoints.story),
      handler: async (request) => getStory(ctx, await request.requireViewer(), request.params.id),
    });

    app.route({
      ...routeOf(endpoints.editStory),
      handler: async (request) =>
        editStory(ctx, await request.requireViewer(), request.params.id, request.body),
    });

    app.route({
      ...routeOf(endpoints.deleteStory),
      handler: async (request, reply) => {
        await deleteStory(ctx, await request.requireViewer(), request.params.id);
        return reply.status(204).send();
      },
    });

    app.route({
      ...routeOf(endpoints.storyStatistics),
      handler: async (request) =>
        storyStatistics(ctx, await request.requireViewer(), request.params.id),
    });

    app.route({
      ...routeOf(endpoints.watchStory),
      handler: async (request, reply) => {
        await watchStory(ctx, await request.requireViewer(), request.params.id);
        return reply.status(204).send();
      },
    });

    app.route({
      ...routeOf(endpoints.replyToStory),
      handler: async (request, reply) => {
        const answer = await replyToStory(
          ctx,
          await request.requireViewer(),
          request.params.id,
          request.body,
        );
        return reply.status(201).send(answer);
      },
    });

    app.route({
      ...routeOf(endpoints.storyViewers),
      handler: async (request) =>
        storyViewers(ctx, await request.requireViewer(), request.params.id, request.query.cursor),
    });
  };
}

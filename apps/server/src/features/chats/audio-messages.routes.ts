import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { audioMessageForm, readAudioMultipart } from './audio-messages.multipart.ts';
import { sendAudioMessage } from './audio-messages.service.ts';

/** POST /api/messages/audio: a recorded voice message (multipart: `audio` and fields). */
export function audioMessagesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeOf(endpoints.sendAudioMessage);
    app.route({
      ...route,
      schema: { ...route.schema, documentedBody: { 'multipart/form-data': audioMessageForm } },
      handler: async (request) => {
        const senderId = await request.requireViewer();
        const upload = await readAudioMultipart(request);
        try {
          return await sendAudioMessage(ctx, senderId, upload);
        } finally {
          await upload.cleanup();
        }
      },
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import {
  checkPermissionToSend,
  pinMessage,
  readMessages,
  sendChannelMessage,
  sendDirectMessage,
  unpinMessage,
} from './chat-actions.service.ts';
import { chatMessages, listChannels, listChats, loadChat } from './chats.service.ts';
import { deleteMessage } from './message-deletion.service.ts';

/** Direct chats and channels: lists, loading and paging, sending, read marks, pins, deleting. */
export function chatsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.chats),
      handler: async (request) => listChats(ctx, await request.requireViewer()),
    });
    app.route({
      ...routeOf(endpoints.channels),
      handler: async (request) => listChannels(ctx, await request.requireViewer()),
    });
    app.route({
      ...routeOf(endpoints.loadChat),
      handler: async (request) => loadChat(ctx, await request.requireViewer(), request.query),
    });
    app.route({
      ...routeOf(endpoints.chatMessages),
      handler: async (request) =>
        chatMessages(ctx, await request.requireViewer(), request.params.chat_id, request.query),
    });
    app.route({
      ...routeOf(endpoints.checkPermissionToSend),
      handler: async (request) =>
        checkPermissionToSend(ctx, await request.requireViewer(), request.body.user_id),
    });
    app.route({
      ...routeOf(endpoints.sendMessage),
      handler: async (request) =>
        sendDirectMessage(ctx, await request.requireViewer(), request.body),
    });
    app.route({
      ...routeOf(endpoints.sendChannelMessage),
      handler: async (request) => ({
        data: await sendChannelMessage(
          ctx,
          await request.requireViewer(),
          request.params.chat_id,
          request.body,
        ),
      }),
    });
    app.route({
      ...routeOf(endpoints.readMessages),
      handler: async (request, reply) => {
        await readMessages(ctx, await request.requireViewer(), request.body.chat_id);
        return reply.status(204).send();
      },
    });
    app.route({
      ...routeOf(endpoints.pinMessage),
      handler: async (request) =>
        pinMessage(
          ctx,
          await request.requireViewer(),
          request.params.chat_id,
          request.body.message_id,
        ),
    });
    app.route({
      ...routeOf(endpoints.unpinMessage),
      handler: async (request) =>
        unpinMessage(ctx, await request.requireViewer(), request.params.chat_id),
    });
    app.route({
      ...routeOf(endpoints.deleteMessage),
      handler: async (request, reply) => {
        const { chat_id, message_id } = request.params;
        await deleteMessage(ctx, await request.requireViewer(), chat_id, message_id);
        return reply.status(204).send();
      },
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import {
  getNotificationSettings,
  muteCreator,
  unmuteCreator,
  updateNotificationSettings,
} from './notification-settings.service.ts';
import {
  listNotifications,
  readNotifications,
  unreadNotifications,
} from './notifications.service.ts';

/** The bell's list and count, marking read, settings, and muting a creator. */
export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.notifications),
      handler: async (request) =>
        listNotifications(ctx, await request.requireViewer(), request.query),
    });
    app.route({
      ...routeOf(endpoints.unreadNotifications),
      handler: async (request) => unreadNotifications(ctx, await request.requireViewer()),
    });
    app.route({
      ...routeOf(endpoints.readNotifications),
      handler: async (request) =>
        readNotifications(ctx, await request.requireViewer(), request.body),
    });
    app.route({
      ...routeOf(endpoints.notificationSettings),
      handler: async (request) => getNotificationSettings(ctx, await request.requireViewer()),
    });
    app.route({
      ...routeOf(endpoints.updateNotificationSettings),
      handler: async (request) =>
        updateNotificationSettings(ctx, await request.requireViewer(), request.body),
    });
    app.route({
      ...routeOf(endpoints.muteCreator),
      handler: async (request) => {
        await muteCreator(ctx, await request.requireViewer(), request.params.id);
        return { success: true as const };
      },
    });
    app.route({
      ...routeOf(endpoints.unmuteCreator),
      handler: async (request) => {
        await unmuteCreator(ctx, await request.requireViewer(), request.params.id);
        return { success: true as const };
      },
    });
  };
}

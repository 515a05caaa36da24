import { idParam, successBody } from '../schemas/common.ts';
import {
  markReadBody,
  notificationSettingsSchema,
  notificationsPageSchema,
  notificationsQuery,
  pushKeySchema,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  unreadCountSchema,
  unsubscribeParams,
  unsubscribeResponse,
  updateNotificationSettingsBody,
} from '../schemas/notifications.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

/** Notifications (issue 28): the bell's list and count, settings, mutes, Web Push, unsubscribe. */
export const notificationsEndpoints = {
  notifications: defineEndpoint(r.notifications, {
    query: notificationsQuery,
    response: notificationsPageSchema,
    errors: ['cursor_invalid'],
  }),
  unreadNotifications: defineEndpoint(r.unreadNotifications, { response: unreadCountSchema }),
  /** Marks lines read; answers the new unread count (also sent as `notification.read`). */
  readNotifications: defineEndpoint(r.readNotifications, {
    body: markReadBody,
    response: unreadCountSchema,
  }),
  notificationSettings: defineEndpoint(r.notificationSettings, {
    response: notificationSettingsSchema,
  }),
  updateNotificationSettings: defineEndpoint(r.updateNotificationSettings, {
    body: updateNotificationSettingsBody,
    response: notificationSettingsSchema,
    errors: ['time_zone_invalid'],
  }),
  muteCreator: defineEndpoint(r.muteCreator, {
    params: idParam,
    response: successBody,
    errors: ['user_not_found'],
  }),
  unmuteCreator: defineEndpoint(r.unmuteCreator, { params: idParam, response: successBody }),
  pushKey: defineEndpoint(r.pushKey, { response: pushKeySchema }),
  subscribePush: defineEndpoint(r.subscribePush, {
    body: pushSubscriptionBody,
    status: 201,
    response: successBody,
    errors: ['rate_limited'],
  }),
  /** Forgets this browser's subscription (a POST: the endpoint URL is long for a query). */
  unsubscribePush: defineEndpoint(r.unsubscribePush, { body: pushUnsubscribeBody, status: 204 }),
  /**
   * A mailed one-click unsubscribe (RFC 8058: mail clients POST `List-Unsubscribe=One-Click`):
   * turns that type's email off without a session. The link's token names the user and type.
   */
  unsubscribeEmail: defineEndpoint(r.unsubscribeEmail, {
    params: unsubscribeParams,
    response: unsubscribeResponse,
    errors: ['token_invalid'],
  }),
};

/**
 * Web Push (issue 28): the VAPID key and browsers' subscriptions (routes), and the
 * `notifications.push` job that sends a line to them (RFC 8030/8291/8292, via web-push).
 */
import type { AppContext } from '../../../platform/context.ts';
import { sendPushNotification } from './push-delivery.job.ts';

export { pushRoutes } from './push.routes.ts';

export function registerPushJobs(ctx: AppContext): void {
  ctx.jobs.register('notifications.push', (payload) => sendPushNotification(ctx, payload));
}

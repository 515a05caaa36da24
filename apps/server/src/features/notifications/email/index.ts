/**
 * Notification email (issue 28): the `notifications.email` job (a line mailed at once), the
 * daily digest's sweeper for worker nodes, and the one-click unsubscribe route. Every mail goes
 * through the mail feature's outbox (features/mail).
 */
import type { AppContext } from '../../../platform/context.ts';
import { sendNotificationEmail } from './notification-email.job.ts';

export { DigestSweeper, sweepDigests } from './digest.sweep.ts';
export { notificationEmailRoutes } from './unsubscribe.routes.ts';

export function registerNotificationEmailJobs(ctx: AppContext): void {
  ctx.jobs.register('notifications.email', (payload) => sendNotificationEmail(ctx, payload));
}

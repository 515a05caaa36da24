/**
 * The notifications feature's public face (issue 28): `notify` for an event with one recipient,
 * called inside the transaction of the change by the feature where it happens;
 * `fanOutToAudience` for a creator's story or stream, which reaches their whole audience through
 * a background job.
 */
import type { AppContext } from '../../platform/context.ts';
import { runFanOut } from './fan-out.ts';

export { notify, type NotificationInput } from './notify.service.ts';
export { fanOutToAudience, type AudienceEvent } from './fan-out.ts';
// For the composition root: the bell's routes and the fan-out job.
export { notificationsRoutes } from './notifications.routes.ts';

export function registerFanOutJobs(ctx: AppContext): void {
  ctx.jobs.register('notifications.fan-out', (payload) => runFanOut(ctx, payload));
}

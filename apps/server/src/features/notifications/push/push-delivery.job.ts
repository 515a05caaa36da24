import { createHash } from 'node:crypto';
import type { NotificationType } from '@glimpse/contract';
import webpush from 'web-push';
import type { AppContext } from '../../../platform/context.ts';
import type { JobPayloads } from '../../../platform/queue/job-runner.ts';
import { subjectPath } from '../notification-links.ts';
import { preferenceOf } from '../notification-preferences.ts';
import { endpointAllowed } from './push-endpoint.ts';
import { formatMoney, pushText, type PushLanguage } from './push-texts.ts';
import {
  deleteSubscriptionById,
  lineForPush,
  markDelivered,
  subscriptionsOf,
  type PushLine,
  type PushSubscriptionRow,
} from './push.repository.ts';
import { quietUntil } from './quiet-hours.ts';
import { vapidKeys } from './vapid-keys.ts';

/** What the service worker receives (apps/web/public/sw.js shows it). */
export interface PushPayload {
  id: number;
  type: NotificationType;
  title: string;
  body: string;
  /** The app path a click opens, the same the in-app list links to. */
  path: string;
}

/** Events worth waking a phone for at once; the rest may wait for the device's convenience. */
const HIGH_URGENCY: readonly NotificationType[] = [
  'direct_message',
  'stream_started',
  'security_sign_in',
  'security_password_changed',
  'security_email_changed',
];
/** How long a push service keeps a push for an offline device: a live stream is soon stale. */
const TTL_SECONDS = (type: NotificationType) =>
  type === 'stream_started' ? 2 * 60 * 60 : 24 * 60 * 60;
const SEND_TIMEOUT_MS = 15_000;

/**
 * The `notifications.push` job: sends the line to each of the user's browsers. Nothing for a
 * line already read or a type the user no longer wants pushed; during the user's quiet hours the job is queued again for their end. A
 * browser whose endpoint is gone (404/410) loses its subscription; any other failure throws, so
 * the runner retries (a browser that already got it shows the retry in place of the first: the
 * service worker tags each notification with the line's id).
 */
export async function sendPushNotification(
  ctx: AppContext,
  { notificationId }: JobPayloads['notifications.push'],
): Promise<void> {
  const line = await lineForPush(ctx.db, notificationId);
  if (!line || line.readAt !== null || line.deletedAt !== null) return;
  // Asked again when it runs: push turned off for the type since (during quiet hours) holds.
  if (!(await preferenceOf(ctx.db, line.userId, line.type)).push) return;
  const subscriptions = await subscriptionsOf(ctx.db, line.userId);
  if (subscriptions.length === 0) return;

  const until = quietUntil(new Date(), { ...line, timeZone: line.timeZone ?? 'UTC' });
  if (until) {
    // One held push per line and end time: the events that join a grouped line meanwhile
    // queue the same job id, so the line is pushed once, as it then reads.
    await ctx.jobs.enqueue(
      'notifications.push',
      { notificationId },
      { startAfter: until, id: heldJobId(notificationId, until) },
    );
    return;
  }

  const payload = JSON.stringify(payloadOf(line, ctx.config.currency));
  const failures: string[] = [];
  for (const subscription of subscriptions) {
    const outcome = await deliver(ctx, subscription, payload, line.type, line.id);
    if (outcome === 'gone') await deleteSubscriptionById(ctx.db, subscription.id);
    else if (outcome === 'sent') await markDelivered(ctx.db, subscription.id);
    else failures.push(outcome);
  }
  if (failures.length > 0) throw new Error(`push failed: ${failures.join('; ')}`);
}

export function payloadOf(line: PushLine, currency: string): PushPayload {
  const language: PushLanguage = line.language === 'de' ? 'de' : 'en';
  const { amount, outcome, creator_name: creator, excerpt } = line.data;
  const text = pushText(
    {
      type: line.type,
      actor: line.actorName ?? '',
      others: Math.max(0, line.actorCount - 1),
      money: formatMoney(amount, currency, language),
      outcome: typeof outcome === 'string' ? outcome : '',
      creator: typeof creator === 'string' ? creator : '',
      ...(typeof excerpt === 'string' ? { excerpt } : {}),
    },
    language,
  );
  return { id: line.id, type: line.type, ...text, path: subjectPath(line.subject, line.actorSlug) };
}

/** 'sent', 'gone' (the browser unsubscribed), or why it failed. */
async function deliver(
  ctx: AppContext,
  subscription: PushSubscriptionRow,
  payload: string,
  type: NotificationType,
  lineId: number,
): Promise<string> {
  // Saved before a policy change, or edited in the database: never sent anywhere it forbids.
  if (!endpointAllowed(subscription.endpoint, ctx.config.production)) return 'gone';
  const keys = vapidKeys(ctx.config);
  const request = webpush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    payload,
    {
      vapidDetails: keys,
      TTL: TTL_SECONDS(type),
      urgency: HIGH_URGENCY.includes(type) ? 'high' : 'normal',
      // A newer push of the same line replaces one the device has not fetched yet.
      topic: `n${lineId}`,
      contentEncoding: 'aes128gcm',
    },
  );
  let response: Response;
  try {
    // web-push's own sender speaks https only; fetch sends the same request to any endpoint.
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body as Buffer<ArrayBuffer> | null,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return `${new URL(subscription.endpoint).host}: ${(error as Error).message}`;
  }
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return 'gone';
  if (response.ok) return 'sent';
  return `${new URL(subscription.endpoint).host}: HTTP ${response.status}`;
}

/** A uuid (pg-boss job ids are uuids) naming one line's push held until `until`. */
function heldJobId(notificationId: number, until: Date): string {
  const hex = createHash('sha256')
    .update(`notifications.push:${notificationId}:${until.toISOString()}`)
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

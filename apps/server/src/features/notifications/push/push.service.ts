import type { PushSubscriptionBody } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, fieldError } from '../../../platform/errors/app-error.ts';
import { endpointAllowed } from './push-endpoint.ts';
import { deleteSubscription, upsertSubscription } from './push.repository.ts';
import { vapidKeys } from './vapid-keys.ts';

/** Subscriptions saved per user and hour: a browser subscribes once, and again on a new key. */
export const SUBSCRIBE_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };

export function pushKey(ctx: Pick<AppContext, 'config'>): { public_key: string } {
  return { public_key: vapidKeys(ctx.config).publicKey };
}

export async function subscribePush(
  ctx: AppContext,
  { userId, sessionId }: { userId: number; sessionId: string },
  body: PushSubscriptionBody,
  userAgent: string | undefined,
): Promise<void> {
  if (!endpointAllowed(body.endpoint, ctx.config.production))
    throw fieldError('endpoint', 'push_endpoint_invalid');
  const key = `push-subscribe:user:${userId}`;
  if ((await ctx.limiter.hit(key, SUBSCRIBE_LIMIT.windowMs)) > SUBSCRIBE_LIMIT.max) {
    await ctx.limiter.refund(key);
    throw new AppError('rate_limited');
  }
  await upsertSubscription(ctx.db, {
    userId,
    sessionId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
}

export async function unsubscribePush(
  ctx: AppContext,
  userId: number,
  endpoint: string,
): Promise<void> {
  await deleteSubscription(ctx.db, userId, endpoint);
}

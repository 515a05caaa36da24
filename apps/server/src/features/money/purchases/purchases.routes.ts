import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { routeOf } from '../../../platform/http/route-of.ts';
import { idempotencyKeyOf, sendAnswer } from '../ledger/idempotency.ts';
import { sendChannelTip } from './channel-tips.service.ts';
import { buyDirectMessage } from './direct-message.service.ts';
import {
  cancelSubscription,
  subscribe,
  subscribersOf,
  subscriptionState,
} from './subscriptions.service.ts';
import { declineTipRequest, payTipRequest, pendingTipRequests, sendTip } from './tips.service.ts';
import { enterStream } from './stream-entry.service.ts';
import { unlockStory } from './unlock.service.ts';

/** What fastify-type-provider-zod attaches per zod issue. */
interface ValidationIssue {
  instancePath?: string;
}

/**
 * A tip body that fails validation on `amount` (empty, a string, NaN sent as null, negative,
 * over TIP_MAX, fractions of a cent) is `invalid_tip`, the key the tip dialog shows (spec 5);
 * any other failure stays `validation_failed`.
 */
function tipValidationError(error: Error & { validation?: ValidationIssue[] }): Error {
  const onAmount = (error.validation ?? []).some((issue) => issue.instancePath === '/amount');
  return onAmount ? new AppError('invalid_tip') : error;
}

export function purchasesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.unlockStory),
      handler: async (request, reply) => {
        const viewerId = await request.requireVerifiedViewer();
        const key = idempotencyKeyOf(request);
        return sendAnswer(reply, await unlockStory(ctx, viewerId, request.params.id, key));
      },
    });

    // A priced live stream's entry (the stream itself is live's; paying for it is a purchase).
    app.route({
      ...routeOf(endpoints.enterStream),
      handler: async (request, reply) => {
        const viewerId = await request.requireVerifiedViewer();
        const key = idempotencyKeyOf(request);
        return sendAnswer(reply, await enterStream(ctx, viewerId, request.params.id, key));
      },
    });

    app.route({
      ...routeOf(endpoints.sendTip),
      attachValidation: true,
      handler: async (request, reply) => {
        const viewerId = await request.requireVerifiedViewer();
        if (request.validationError) throw tipValidationError(request.validationError);
        const key = idempotencyKeyOf(request);
        return sendAnswer(reply, await sendTip(ctx, viewerId, request.body, key));
      },
    });
    app.route({
      ...routeOf(endpoints.sendChannelTip),
      attachValidation: true,
      handler: async (request, reply) => {
        const viewerId = await request.requireVerifiedViewer();
        if (request.validationError) throw tipValidationError(request.validationError);
        const key = idempotencyKeyOf(request);
        return sendAnswer(reply, await sendChannelTip(ctx, viewerId, request.body, key));
      },
    });
    app.route({
      ...routeOf(endpoints.tipRequests),
      handler: async (request) => pendingTipRequests(ctx, await request.requireViewer()),
    });
    app.route({
      ...routeOf(endpoints.payTipRequest),
      handler: async (request, reply) => {
        const viewerId = await request.requireVerifiedViewer();
        const key = idempotencyKeyOf(request);
        return sendAnswer(reply, await payTipRequest(ctx, viewerId, request.params.id, key));
      },
    });
    app.route({
      ...routeOf(endpoints.declineTipRequest),
      handler: async (request, reply) => {
        await declineTipRequest(ctx, await request.requireViewer(), request.params.id);
        return reply.status(204).send();
      },
    });

    app.route({
      ...routeOf(endpoints.subscribe),
      handler: async (request, reply) => {
        const viewerId = await request.requireVerifiedViewer();
        const key = idempotencyKeyOf(request);
        const { id } = request.params;
        return sendAnswer(reply, await subscribe(ctx, viewerId, id, request.body.period, key));
      },
    });
    app.route({
      ...routeOf(endpoints.cancelSubscription),
      handler: async (request) =>
        cancelSubscription(ctx, await request.requireViewer(), request.params.id),
    });
    app.route({
      ...routeOf(endpoints.subscription),
      handler: async (request) =>
        subscriptionState(ctx, await request.requireViewer(), request.params.id),
    });
    app.route({
      ...routeOf(endpoints.subscribers),
      handler: async (request) => subscribersOf(ctx, await request.requireViewer()),
    });
    app.route({
      ...routeOf(endpoints.buyDirectMessage),
      handler: async (request, reply) => {
        const viewerId = await request.requireVerifiedViewer();
        const key = idempotencyKeyOf(request);
        return sendAnswer(reply, await buyDirectMessage(ctx, viewerId, request.params.id, key));
      },
    });
  };
}

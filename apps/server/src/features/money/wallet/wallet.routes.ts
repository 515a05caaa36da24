import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { routeOf } from '../../../platform/http/route-of.ts';
import { listPayouts, requestPayout } from '../providers/payouts.service.ts';
import { idempotencyKeyOf, sendAnswer } from '../ledger/idempotency.ts';
import { getEarningsBreakdown, getWalletHistory } from './wallet-history.service.ts';
import { getWallet } from './wallet.service.ts';

export function walletRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.wallet),
      handler: async (request) => getWallet(ctx, await request.requireViewer()),
    });

    app.route({
      ...routeOf(endpoints.walletHistory),
      handler: async (request) =>
        getWalletHistory(ctx, await request.requireViewer(), request.query),
    });

    app.route({
      ...routeOf(endpoints.earnings),
      handler: async (request) => getEarningsBreakdown(ctx, await request.requireViewer()),
    });

    app.route({
      ...routeOf(endpoints.requestPayout),
      handler: async (request, reply) => {
        // A confirmed address, and a recent second factor when the account has one (issue 27).
        const userId = await request.requireVerifiedViewer();
        await request.requireSecondFactor();
        const key = idempotencyKeyOf(request);
        return sendAnswer(reply, await requestPayout(ctx, userId, key, request.body));
      },
    });

    app.route({
      ...routeOf(endpoints.payouts),
      handler: async (request) => listPayouts(ctx, await request.requireViewer()),
    });
  };
}

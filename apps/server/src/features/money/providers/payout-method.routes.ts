import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { routeOf } from '../../../platform/http/route-of.ts';
import {
  checkBankAccount,
  checkConnectSupported,
  getPayoutMethod,
  payoutConnectLink,
  setBankAccount,
} from './payout-method.service.ts';

/**
 * Where payouts go (issue 27). A change needs a confirmed address and, when the account has a
 * second factor, a recent proof of it: a stolen password alone must not redirect the earnings.
 * What can be checked without the proof is checked first, so a typo is not met after it.
 */
export function payoutMethodRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.payoutMethod),
      handler: async (request) => getPayoutMethod(ctx, await request.requireViewer()),
    });

    app.route({
      ...routeOf(endpoints.setPayoutMethod),
      handler: async (request) => {
        const userId = await request.requireVerifiedViewer();
        checkBankAccount(ctx, request.body);
        await request.requireSecondFactor();
        return setBankAccount(ctx, userId, request.body);
      },
    });

    app.route({
      ...routeOf(endpoints.payoutConnectLink),
      handler: async (request) => {
        const userId = await request.requireVerifiedViewer();
        checkConnectSupported(ctx);
        await request.requireSecondFactor();
        return payoutConnectLink(ctx, userId);
      },
    });
  };
}

import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints, toCents } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { namedPlugin } from '../../../platform/http/plugin-name.ts';
import { routeOf } from '../../../platform/http/route-of.ts';
import { idempotencyKeyOf, runIdempotent, sendAnswer } from '../ledger/idempotency.ts';
import { rememberOwnServer } from './own-address.ts';
import { startTopUp } from './top-up.ts';
import { receiveWebhook } from './webhook.service.ts';

/** Webhook bodies are small JSON events; the signature is checked on these exact bytes. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    rememberOwnServer(ctx, app.server);

    app.route({
      ...routeOf(endpoints.topUp),
      handler: async (request, reply) => {
        const userId = await request.requireVerifiedViewer();
        const key = idempotencyKeyOf(request);
        const { amount, return_to: returnTo } = request.body;
        const answer = await runIdempotent(
          ctx,
          { userId, key, operation: 'top_up', params: request.body },
          async (tx) => {
            const { redirectUrl } = await startTopUp(
              { config: ctx.config, db: tx },
              { userId, amountCents: toCents(amount), returnTo },
            );
            return { status: 200, body: { redirectUrl } };
          },
        );
        return sendAnswer(reply, answer);
      },
    });

    // Its own scope: every body arrives as raw bytes for the signature check.
    await app.register(
      namedPlugin('payment-webhooks', async (webhooks: FastifyInstance) => {
        webhooks.removeAllContentTypeParsers();
        webhooks.addContentTypeParser(
          '*',
          { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
          (_request, body, done) => done(null, body),
        );
        webhooks.withTypeProvider<ZodTypeProvider>().route({
          ...routeOf(endpoints.paymentWebhook),
          handler: async (request) => {
            const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
            await receiveWebhook(ctx, request.params.provider, raw, request.headers);
            return { received: true as const };
          },
        });
      }),
    );
  };
}

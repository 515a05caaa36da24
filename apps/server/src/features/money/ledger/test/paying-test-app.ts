import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_MAX, paymentAmount, toCents } from '@glimpse/contract';
import { buildHttpApp, type FeatureRoutes } from '../../../../platform/http/app.ts';
import type { TestServer } from '../../../../test/harness.ts';
import { sessionPlugin } from '../../../auth/session.plugin.ts';
import { idempotencyKeyOf, runIdempotent, sendAnswer } from '../idempotency.ts';
import { purchaseLegs } from '../ledger-rules.ts';
import { transfer } from '../ledger.service.ts';

/**
 * Tests only: a paying route built the way the purchase routes are (Idempotency-Key, one
 * transaction for the key, the transfer and the answer), served by a second Fastify app over
 * the test server's context, so production has no test route. It pays `amount` from the
 * signed-in user's wallet to `creator_id` as a tip.
 */
export const TEST_PAY_URL = '/api/test/pay';

const payBody = z.strictObject({
  creator_id: z.number().int().positive(),
  amount: paymentAmount(PAYMENT_MAX),
});
const payAnswer = z.object({ transfer_id: z.number().int(), charged: z.number() });
export type PayAnswer = z.infer<typeof payAnswer>;

export async function payingTestApp(server: TestServer): Promise<FastifyInstance> {
  const { ctx } = server;
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      TEST_PAY_URL,
      { schema: { body: payBody, response: { 200: payAnswer } } },
      async (request, reply) => {
        const payerId = await request.requireViewer();
        const key = idempotencyKeyOf(request);
        const { creator_id: creatorId, amount } = request.body;
        const answer = await runIdempotent(
          ctx,
          { userId: payerId, key, operation: 'test.pay', params: request.body },
          async (tx, _effects, idempotencyKey) => {
            const receipt = await transfer(
              { db: tx, config: ctx.config },
              {
                kind: 'tip',
                initiatorId: payerId,
                idempotencyKey,
                legs: purchaseLegs(
                  payerId,
                  creatorId,
                  toCents(amount),
                  ctx.config.platformFeePercent,
                ),
                memo: { payerId, creatorId },
              },
            );
            return { status: 200, body: { transfer_id: receipt.transferId, charged: amount } };
          },
        );
        return sendAnswer(reply, answer);
      },
    );
  };
  const app = await buildHttpApp(ctx, [sessionPlugin(ctx), routes] as FeatureRoutes[]);
  await app.ready();
  return app;
}

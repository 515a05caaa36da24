import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import * as checkouts from './checkouts.repository.ts';
import { sandboxProvider } from './providers.ts';
import { withTopUpOutcome } from './return-path.ts';
import { SANDBOX_PAGE_PREFIX } from './sandbox-provider.ts';
import { sandboxCheckoutPage } from './sandbox-page.html.ts';

/**
 * The sandbox provider's "hosted checkout": GET shows the amount with Pay and Fail; POST
 * `.../complete` (a form post from the page, or JSON `{ "outcome" }` from a script) records the
 * outcome once, sends the signed webhook to our API over HTTP, and sends the browser back with
 * 303 to the return path (`?top_up=success|fail`, or `pending` when the webhook could not be
 * delivered: pressing the button again re-sends the same event). Reachable by the unguessable
 * checkout id alone, like a provider's page; off unless PAYMENTS_PROVIDER=sandbox.
 */

const PUBLIC_ID = /^chk_[A-Za-z0-9_-]{1,64}$/;
const params = z.object({ checkoutId: z.string().max(100) });
const completeBody = z.object({ outcome: z.enum(['success', 'fail']) });

export function sandboxPaymentPages(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The page's form posts urlencoded; only this plugin accepts it.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const findCheckout = async (checkoutId: string) => {
      if (!sandboxProvider(ctx)) throw new AppError('provider_not_found');
      const checkout = PUBLIC_ID.test(checkoutId)
        ? await checkouts.findByPublicId(ctx.db, checkoutId)
        : undefined;
      if (!checkout || checkout.provider !== 'sandbox') throw new AppError('checkout_not_found');
      return checkout;
    };

    app.get(
      `${SANDBOX_PAGE_PREFIX}/:checkoutId`,
      { schema: { hide: true, params } },
      async (request, reply) => {
        const checkout = await findCheckout(request.params.checkoutId);
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return sandboxCheckoutPage({
          amountCents: checkout.amountCents,
          currency: checkout.currency,
          completeUrl: `${SANDBOX_PAGE_PREFIX}/${checkout.publicId}/complete`,
          outcome: checkout.sandboxOutcome,
          backUrl: withTopUpOutcome(
            checkout.returnTo,
            checkout.sandboxOutcome === 'success' ? 'success' : 'fail',
          ),
        });
      },
    );

    app.post(
      `${SANDBOX_PAGE_PREFIX}/:checkoutId/complete`,
      { schema: { hide: true, params, body: completeBody } },
      async (request, reply) => {
        const provider = sandboxProvider(ctx);
        await findCheckout(request.params.checkoutId);
        const { outcome } = request.body;
        const checkout = await checkouts.recordSandboxOutcome(
          ctx.db,
          request.params.checkoutId,
          outcome,
        );
        if (!checkout || !provider) throw new AppError('checkout_not_found');
        if (checkout.sandboxOutcome !== outcome) throw new AppError('checkout_completed');
        let shown: 'success' | 'fail' | 'pending' = outcome;
        try {
          await provider.sendEvent(
            outcome === 'success'
              ? {
                  id: `evt_${checkout.publicId}_succeeded`,
                  type: 'payment.succeeded',
                  data: { checkout_id: checkout.publicId, amount_cents: checkout.amountCents },
                }
              : {
                  id: `evt_${checkout.publicId}_failed`,
                  type: 'payment.failed',
                  data: { checkout_id: checkout.publicId },
                },
          );
        } catch (error) {
          ctx.log.error({ err: error, checkout: checkout.id }, 'sandbox webhook not delivered');
          shown = 'pending';
        }
        return reply.redirect(withTopUpOutcome(checkout.returnTo, shown), 303);
      },
    );
  };
}

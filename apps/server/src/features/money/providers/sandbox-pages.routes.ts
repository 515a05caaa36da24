import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { completeSandboxCheckout, sandboxCheckoutHtml } from './sandbox-checkout.service.ts';
import { SANDBOX_PAGE_PREFIX } from './sandbox-provider.ts';

/**
 * The sandbox provider's "hosted checkout": GET shows the amount with Pay and Fail; POST
 * `.../complete` (a form post from the page, or JSON `{ "outcome" }` from a script) records the
 * outcome once, sends the signed webhook to our API over HTTP, and sends the browser back with
 * 303 to the return path (`?top_up=success|fail`, or `pending` when the webhook could not be
 * delivered: pressing the button again re-sends the same event). Reachable by the unguessable
 * checkout id alone, like a provider's page; off unless PAYMENTS_PROVIDER=sandbox.
 */

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

    app.get(
      `${SANDBOX_PAGE_PREFIX}/:checkoutId`,
      { schema: { hide: true, params } },
      async (request, reply) => {
        const html = await sandboxCheckoutHtml(ctx, request.params.checkoutId);
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return html;
      },
    );

    app.post(
      `${SANDBOX_PAGE_PREFIX}/:checkoutId/complete`,
      { schema: { hide: true, params, body: completeBody } },
      async (request, reply) => {
        const { checkoutId } = request.params;
        const back = await completeSandboxCheckout(ctx, checkoutId, request.body.outcome);
        return reply.redirect(back, 303);
      },
    );
  };
}

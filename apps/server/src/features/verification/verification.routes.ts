import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { namedPlugin } from '../../platform/http/plugin-name.ts';
import type { HttpClient } from './ondato-identity.provider.ts';
import { IdentityProviders } from './identity-providers.ts';
import { sandboxIdentityRoutes } from './sandbox-identity.routes.ts';
import { applyWebhook, checkVerification, startVerification } from './verification.service.ts';

/** Identity verification: start, check, the providers' webhook and the sandbox page. */
export function verificationRoutes(ctx: AppContext, http?: HttpClient): FastifyPluginAsyncZod {
  const providers = new IdentityProviders(ctx.config, http);
  return async (app) => {
    app.route({
      ...routeOf(endpoints.startVerification),
      handler: async (request) =>
        startVerification(
          ctx,
          providers.active,
          await request.requireVerifiedViewer(),
          request.body.return_to,
        ),
    });

    app.route({
      ...routeOf(endpoints.checkVerification),
      handler: async (request) => checkVerification(ctx, await request.requireViewer()),
    });

    // Its own scope: the signature covers the exact bytes, so this route alone takes the body
    // raw, whatever content type the provider sends.
    const webhook: FastifyPluginAsyncZod = async (scoped) => {
      scoped.removeAllContentTypeParsers();
      scoped.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      scoped.route({
        ...routeOf(endpoints.verificationWebhook),
        handler: async (request) => {
          const provider = providers.named(request.params.provider);
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          await applyWebhook(ctx, provider, { rawBody, headers: request.headers });
          return { received: true as const };
        },
      });
    };
    await app.register(namedPlugin('identity-webhook', webhook));

    const sandbox = providers.sandbox();
    if (sandbox) {
      await app.register(namedPlugin('sandbox-identity', sandboxIdentityRoutes(ctx, sandbox)));
    }
  };
}

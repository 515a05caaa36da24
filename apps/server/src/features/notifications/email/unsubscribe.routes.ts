import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { routeOf } from '../../../platform/http/route-of.ts';
import { unsubscribeByToken } from './unsubscribe.service.ts';

/**
 * POST /api/notifications/unsubscribe/:token, no session: mail clients send RFC 8058's
 * `List-Unsubscribe=One-Click` as a form, the web's unsubscribe page sends nothing; either body
 * is read and ignored (the token says everything), so this plugin accepts the form type.
 */
export function notificationEmailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    app.route({
      ...routeOf(endpoints.unsubscribeEmail),
      handler: async (request) => unsubscribeByToken(ctx, request.params.token),
    });
  };
}

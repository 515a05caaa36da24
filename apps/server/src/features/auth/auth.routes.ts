import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { namedPlugin } from '../../platform/http/plugin-name.ts';
import { clearGuide, getCurrentUser } from '../users/index.ts';
import { accountRoutes } from './account.routes.ts';
import { login, logout, register } from './auth.service.ts';
import { sessionTokenOf, setSessionCookie, signInClient } from './session.plugin.ts';
import { answerSignIn } from './sign-in-reply.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import { SESSION_COOKIE } from './session-token.ts';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...routeOf(endpoints.echo), handler: () => ({ ok: true as const }) });

    app.route({
      ...routeOf(endpoints.register),
      handler: async (request, reply) => {
        const session = await register(ctx, request.body, signInClient(request));
        setSessionCookie(ctx, reply, session);
        return reply.status(201).send(session.user);
      },
    });

    app.route({
      ...routeOf(endpoints.login),
      handler: async (request, reply) => {
        // A fresh token at every login: a cookie planted before sign-in is never promoted.
        await logout(ctx, sessionTokenOf(request));
        return answerSignIn(ctx, reply, await login(ctx, request.body, signInClient(request)));
      },
    });

    app.route({
      ...routeOf(endpoints.logout),
      handler: async (request, reply) => {
        await logout(ctx, sessionTokenOf(request));
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.status(204).send();
      },
    });

    app.route({
      ...routeOf(endpoints.me),
      handler: async (request) => getCurrentUser(ctx, await request.requireViewer()),
    });

    // The same user without the 401: an anonymous visitor is a normal state, and a 401 answer
    // is logged as an error by every browser console (docs/decisions.md).
    app.route({
      ...routeOf(endpoints.session),
      handler: async (request) => {
        const viewerId = await request.viewerId();
        return { user: viewerId === undefined ? null : await getCurrentUser(ctx, viewerId) };
      },
    });

    app.route({
      ...routeOf(endpoints.clearGuide),
      handler: async (request) => {
        await clearGuide(ctx, await request.requireViewer());
        return { success: true as const };
      },
    });

    // Addresses, passwords and the sessions list (issue 27).
    await app.register(namedPlugin('account', accountRoutes(ctx)));
    // Second factors: the sign-in's second step, passkeys, settings and step-up (issue 27).
    await app.register(namedPlugin('two-factor', twoFactorRoutes(ctx)));
  };
}

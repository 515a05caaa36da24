import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { changeEmail, changePassword } from './account-changes.service.ts';
import { resendVerification, verifyEmail } from './email-verification.service.ts';
import { forgotPassword, resetPassword } from './password-reset.service.ts';
import { sessionTokenOf, signInClient } from './session.plugin.ts';
import { answerSignIn } from './sign-in-reply.ts';
import { SESSION_COOKIE } from './session-token.ts';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.service.ts';

const success = { success: true as const };

/** Confirming addresses, resetting and changing the password, and the sessions list. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(endpoints.verifyEmail),
      handler: async (request) => verifyEmail(ctx, request.body.token, request.ip),
    });

    app.route({
      ...routeOf(endpoints.resendVerification),
      handler: async (request) => {
        await resendVerification(ctx, await request.requireViewer());
        return success;
      },
    });

    app.route({
      ...routeOf(endpoints.forgotPassword),
      handler: async (request) => {
        await forgotPassword(ctx, request.body.email, request.ip);
        return success;
      },
    });

    app.route({
      ...routeOf(endpoints.resetPassword),
      handler: async (request, reply) => {
        const outcome = await resetPassword(ctx, request.body, signInClient(request));
        return answerSignIn(ctx, reply, outcome);
      },
    });

    app.route({
      ...routeOf(endpoints.changePassword),
      handler: async (request) => {
        const userId = await request.requireSecondFactor();
        await changePassword(ctx, userId, sessionTokenOf(request)!, request.body);
        return success;
      },
    });

    app.route({
      ...routeOf(endpoints.changeEmail),
      handler: async (request) => {
        await changeEmail(ctx, await request.requireSecondFactor(), request.body);
        return success;
      },
    });

    app.route({
      ...routeOf(endpoints.sessions),
      handler: async (request) =>
        listSessions(ctx, await request.requireViewer(), sessionTokenOf(request)),
    });

    app.route({
      ...routeOf(endpoints.revokeSession),
      handler: async (request, reply) => {
        const userId = await request.requireViewer();
        const endedCurrent = await revokeSession(
          ctx,
          userId,
          request.params.id,
          sessionTokenOf(request),
        );
        // Ending this very session is signing out here.
        if (endedCurrent) reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.status(204).send();
      },
    });

    app.route({
      ...routeOf(endpoints.revokeOtherSessions),
      handler: async (request) => ({
        revoked: await revokeOtherSessions(
          ctx,
          await request.requireViewer(),
          sessionTokenOf(request),
        ),
      }),
    });
  };
}

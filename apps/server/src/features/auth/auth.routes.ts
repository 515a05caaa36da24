import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUserSchema,
  echoBody,
  loginBody,
  registerBody,
  successBody,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { clearGuide, getCurrentUser } from '../users/users.service.ts';
import { login, logout, register } from './auth.service.ts';
import { sessionTokenOf } from './session.plugin.ts';
import { SESSION_COOKIE } from './session-token.ts';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.secureCookies,
      expires: expiresAt,
    });

  return async (app) => {
    app.get('/api/echo', { schema: { response: { 200: echoBody } } }, () => ({
      ok: true as const,
    }));

    app.post(
      '/api/auth/register',
      { schema: { body: registerBody, response: { 201: currentUserSchema } } },
      async (request, reply) => {
        const session = await register(ctx, request.body, request.ip);
        setSessionCookie(reply, session.token, session.expiresAt);
        return reply.status(201).send(session.user);
      },
    );

    app.post(
      '/api/auth/login',
      { schema: { body: loginBody, response: { 200: currentUserSchema } } },
      async (request, reply) => {
        // A fresh token at every login: a cookie planted before sign-in is never promoted.
        await logout(ctx, sessionTokenOf(request));
        const session = await login(ctx, request.body, request.ip);
        setSessionCookie(reply, session.token, session.expiresAt);
        return session.user;
      },
    );

    app.post('/api/auth/logout', async (request, reply) => {
      await logout(ctx, sessionTokenOf(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send();
    });

    app.get('/api/auth/me', { schema: { response: { 200: currentUserSchema } } }, async (request) =>
      getCurrentUser(ctx, await request.requireViewer()),
    );

    app.post(
      '/api/users/update-guide',
      { schema: { response: { 200: successBody } } },
      async (request) => {
        await clearGuide(ctx, await request.requireViewer());
        return { success: true as const };
      },
    );
  };
}

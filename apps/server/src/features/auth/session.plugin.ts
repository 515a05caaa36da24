import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { assertEmailVerified, assertRecentSecondFactor } from './account-gates.ts';
import { storedUserAgent } from './session-device.ts';
import { SESSION_COOKIE, sessionIdFromToken } from './session-token.ts';
import { userIdForToken, type SignInClient } from './sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, resolved lazily from the session cookie. */
    viewerId(): Promise<number | undefined>;
    /** The signed-in user's id, or 401 unauthenticated. */
    requireViewer(): Promise<number>;
    /**
     * The signed-in user's id with the id of this session (what a device's own records, such as
     * its push subscription, hang on, so they end with the session), or 401 unauthenticated.
     */
    requireSession(): Promise<{ userId: number; sessionId: string }>;
    /** The signed-in user's id if their address is confirmed: 401, else `email_not_verified`. */
    requireVerifiedViewer(): Promise<number>;
    /**
     * The signed-in user's id if this session proved a second factor recently, or the account has
     * none: 401, else `second_factor_required` (sensitive changes, issue 27).
     */
    requireSecondFactor(): Promise<number>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<number | undefined>>();

export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** Where a sign-in request comes from, as its session records it. */
export function signInClient(request: FastifyRequest): SignInClient {
  return { ip: request.ip, userAgent: storedUserAgent(request.headers['user-agent']) };
}

export function setSessionCookie(
  ctx: AppContext,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    expires: session.expiresAt,
  });
}

/** Decorates requests with the session lookup; routes call requireViewer() to demand a session. */
export function sessionPlugin(ctx: AppContext) {
  return fp(async (app: FastifyInstance) => {
    app.decorateRequest('viewerId', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = userIdForToken(ctx, sessionTokenOf(this), { ip: this.ip });
        cache.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('requireViewer', async function (this: FastifyRequest) {
      const id = await this.viewerId();
      if (id === undefined) throw new AppError('unauthenticated');
      return id;
    });
    app.decorateRequest('requireSession', async function (this: FastifyRequest) {
      const userId = await this.requireViewer();
      return { userId, sessionId: sessionIdFromToken(sessionTokenOf(this)!) };
    });
    app.decorateRequest('requireVerifiedViewer', async function (this: FastifyRequest) {
      const id = await this.requireViewer();
      await assertEmailVerified(ctx.db, id);
      return id;
    });
    app.decorateRequest('requireSecondFactor', async function (this: FastifyRequest) {
      const id = await this.requireViewer();
      await assertRecentSecondFactor(ctx, id, sessionTokenOf(this));
      return id;
    });
  });
}

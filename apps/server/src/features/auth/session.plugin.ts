import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { userIdForToken } from './auth.service.ts';
import { SESSION_COOKIE } from './session-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, resolved lazily from the session cookie. */
    viewerId(): Promise<number | undefined>;
    /** The signed-in user's id, or 401 unauthenticated. */
    requireViewer(): Promise<number>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<number | undefined>>();

export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** Decorates requests with the session lookup; routes call requireViewer() to demand a session. */
export function sessionPlugin(ctx: AppContext) {
  return fp(async (app: FastifyInstance) => {
    app.decorateRequest('viewerId', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = userIdForToken(ctx, sessionTokenOf(this));
        cache.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('requireViewer', async function (this: FastifyRequest) {
      const id = await this.viewerId();
      if (id === undefined) throw new AppError('unauthenticated');
      return id;
    });
  });
}

import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../../platform/http/sandbox-signature.ts';
import {
  SANDBOX_OUTCOMES,
  sandboxPagePath,
  type SandboxIdentityProvider,
  type SandboxOutcome,
} from './sandbox-identity.provider.ts';
import {
  decidedPage,
  deliveryFailedPage,
  notFoundPage,
  pendingPage,
} from './sandbox-identity.page.ts';
import { providerSession, withOutcome, type SessionRow } from './verification.service.ts';

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Where the sandbox posts its webhook: SANDBOX_IDENTITY_WEBHOOK_URL, else this process's own
 * listening address (a wildcard bind is reached on loopback), else PUBLIC_URL.
 */
export function webhookOrigin(ctx: Pick<AppContext, 'config'>, request: FastifyRequest): string {
  if (ctx.config.sandboxIdentityWebhookUrl) return ctx.config.sandboxIdentityWebhookUrl;
  const address = request.server.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return ctx.config.publicUrl;
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '::1'
        : address.address;
  return `http://${address.family === 'IPv6' ? `[${host}]` : host}:${address.port}`;
}

function html(reply: FastifyReply, status: number, page: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page);
}

/**
 * The sandbox identity provider's own pages (API.md "Sandbox providers"), outside /api and the
 * contract: GET shows Approve / Reject, POST .../complete takes `{ outcome }` (JSON or the
 * page's form), sends the signed webhook to our API over HTTP, then 303 to the return path
 * with `?verification=<outcome>`. The session id is the capability, as a provider's URL is.
 */
export function sandboxIdentityRoutes(
  ctx: AppContext,
  sandbox: SandboxIdentityProvider,
): FastifyPluginAsync {
  const findSession = async (id: string): Promise<SessionRow | undefined> =>
    SESSION_ID.test(id) ? providerSession(ctx, sandbox.name, id) : undefined;

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get<{ Params: { sessionId: string } }>(
      '/sandbox/identity/:sessionId',
      { schema: { hide: true } },
      async (request, reply) => {
        const session = await findSession(request.params.sessionId);
        if (!session) return html(reply, 404, notFoundPage());
        if (session.status !== 'pending')
          return html(
            reply,
            200,
            decidedPage(session.status, withOutcome(session.returnTo, session.status)),
          );
        return html(reply, 200, pendingPage(session.id));
      },
    );

    app.post<{ Params: { sessionId: string }; Body: unknown }>(
      '/sandbox/identity/:sessionId/complete',
      { schema: { hide: true } },
      async (request, reply) => {
        const session = await findSession(request.params.sessionId);
        if (!session) return html(reply, 404, notFoundPage());
        const outcome = (request.body as { outcome?: unknown } | undefined)?.outcome;
        if (!SANDBOX_OUTCOMES.includes(outcome as SandboxOutcome))
          return html(reply, 400, pendingPage(session.id));
        if (session.status !== 'pending')
          return reply.redirect(withOutcome(session.returnTo, session.status), 303);

        const { body, signature } = sandbox.signedEvent(session.id, outcome as SandboxOutcome);
        const delivered = await fetch(
          `${webhookOrigin(ctx, request)}/api/verification/webhook/${sandbox.name}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
            body,
            signal: AbortSignal.timeout(10_000),
          },
        ).then(
          (response) => response.ok,
          () => false,
        );
        if (!delivered) return html(reply, 502, deliveryFailedPage(sandboxPagePath(session.id)));
        return reply.redirect(withOutcome(session.returnTo, outcome as SandboxOutcome), 303);
      },
    );
  };
}

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { sendRouteNotFound } from '../../platform/http/error-handler.ts';
import { mailboxListPage, mailboxMailPage } from './dev-mailbox.html.ts';
import { devMailboxEnabled, listMailbox, readMailboxMail } from './dev-mailbox.service.ts';

const params = z.object({ '*': z.string() });

function sendPage(reply: FastifyReply, html: string) {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * The development mailbox: `/dev/mailbox` lists the mails the file mailer wrote, newest first;
 * `/dev/mailbox/{id}` shows one. Registered always, so the web app's fallback never answers
 * these paths: where the mailbox is off (SMTP_URL set, or production) they are 404
 * `route_not_found` like any unknown route. Not part of the API (hidden from OpenAPI).
 */
export function mailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const enabled = devMailboxEnabled(ctx.config);
  return async (app) => {
    app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
      if (!enabled) return sendRouteNotFound(request, reply);
      return sendPage(reply, mailboxListPage(await listMailbox(ctx.config)));
    });
    app.get('/dev/mailbox/*', { schema: { hide: true, params } }, async (request, reply) => {
      if (!enabled) return sendRouteNotFound(request, reply);
      const id = request.params['*'];
      if (id === '') return reply.redirect('/dev/mailbox', 302);
      return sendPage(reply, mailboxMailPage(await readMailboxMail(ctx.config, id)));
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { applyAdminEmails } from './staff.service.ts';

/**
 * No routes: roles change through the command line and confirmed addresses. Once the server is
 * ready, addresses listed in ADMIN_EMAILS that were confirmed before they were listed become
 * admins (an address confirmed later is handled where it is confirmed).
 */
export function staffStartup(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onReady', async () => {
      const granted = await applyAdminEmails(ctx);
      if (granted > 0) ctx.log.info({ granted }, 'ADMIN_EMAILS: accounts made admins');
    });
  };
}

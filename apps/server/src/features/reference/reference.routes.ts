import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { getCountries, getTags, getUserCategories } from './reference.service.ts';

/** Reference data is public: the sign-up form needs countries before anyone is signed in. */
export function referenceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...routeOf(endpoints.countries), handler: () => getCountries(ctx) });

    app.route({
      ...routeOf(endpoints.tags),
      handler: (request) => {
        const raw = request.query['genders[]'] ?? request.query.genders ?? [];
        const genders = [...new Set(Array.isArray(raw) ? raw : [raw])];
        return getTags(ctx, genders);
      },
    });

    app.route({
      ...routeOf(endpoints.userCategories),
      handler: (request) => getUserCategories(ctx, request.query.gender),
    });
  };
}

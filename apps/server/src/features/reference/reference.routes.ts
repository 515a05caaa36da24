import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  countrySchema,
  tagSchema,
  tagsQuery,
  userCategoriesQuery,
  userCategorySchema,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { getCountries, getTags, getUserCategories } from './reference.service.ts';

/** Reference data is public: the sign-up form needs countries before anyone is signed in. */
export function referenceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/countries', { schema: { response: { 200: z.array(countrySchema) } } }, () =>
      getCountries(ctx),
    );

    app.get(
      '/api/tags',
      { schema: { querystring: tagsQuery, response: { 200: z.array(tagSchema) } } },
      (request) => {
        const raw = request.query['genders[]'] ?? request.query.genders ?? [];
        const genders = [...new Set(Array.isArray(raw) ? raw : [raw])];
        return getTags(ctx, genders);
      },
    );

    app.get(
      '/api/user-categories',
      {
        schema: {
          querystring: userCategoriesQuery,
          response: { 200: z.array(userCategorySchema) },
        },
      },
      (request) => getUserCategories(ctx, request.query.gender),
    );
  };
}

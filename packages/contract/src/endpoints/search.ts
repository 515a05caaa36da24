import { searchPageSchema, searchQuery } from '../schemas/search.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

export const searchEndpoints = {
  /** Profiles by name, handle or tag, typo-tolerant, best match first, paged by cursor. */
  search: defineEndpoint(r.search, {
    query: searchQuery,
    response: searchPageSchema,
    errors: ['rate_limited'],
  }),
};

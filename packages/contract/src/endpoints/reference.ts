import { z } from 'zod';
import {
  countrySchema,
  tagSchema,
  tagsQuery,
  userCategoriesQuery,
  userCategorySchema,
} from '../schemas/reference.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

/** Public reference data: the sign-up form needs countries before anyone is signed in. */
export const referenceEndpoints = {
  countries: defineEndpoint(r.countries, { response: z.array(countrySchema) }),
  tags: defineEndpoint(r.tags, { query: tagsQuery, response: z.array(tagSchema) }),
  userCategories: defineEndpoint(r.userCategories, {
    query: userCategoriesQuery,
    response: z.array(userCategorySchema),
  }),
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companionSchema,
  currentUserSchema,
  idParam,
  publicProfileSchema,
  slugParam,
  updateProfileBody,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { getCompanion, getProfileBySlug, updateProfile } from './users.service.ts';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users/:id',
      { schema: { params: idParam, response: { 200: companionSchema } } },
      async (request) => getCompanion(ctx, await request.requireViewer(), request.params.id),
    );

    app.get(
      '/api/users/slug/:slug',
      { schema: { params: slugParam, response: { 200: publicProfileSchema } } },
      async (request) => getProfileBySlug(ctx, await request.requireViewer(), request.params.slug),
    );

    app.put(
      '/api/users/me/profile',
      { schema: { body: updateProfileBody, response: { 200: currentUserSchema } } },
      async (request) => updateProfile(ctx, await request.requireViewer(), request.body),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, endpoints } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { multipartForm } from '../../platform/http/documented-body.ts';
import { routeOf } from '../../platform/http/route-of.ts';
import { setAvatar } from './avatar.service.ts';
import { getCompanion, getProfileBySlug, updateLanguage, updateProfile } from './users.service.ts';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const avatarRoute = routeOf(endpoints.uploadAvatar);
    app.route({
      ...avatarRoute,
      schema: {
        ...avatarRoute.schema,
        documentedBody: { 'multipart/form-data': multipartForm({ file: 'file' }, ['file']) },
      },
      handler: async (request) => {
        const userId = await request.requireViewer();
        const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
        if (!file) throw new AppError('file_missing');
        let upload: Buffer;
        try {
          upload = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('file_too_large');
          throw error;
        }
        return setAvatar(ctx, userId, upload);
      },
    });

    app.route({
      ...routeOf(endpoints.companion),
      handler: async (request) =>
        getCompanion(ctx, await request.requireViewer(), request.params.id),
    });

    app.route({
      ...routeOf(endpoints.profileBySlug),
      handler: async (request) =>
        getProfileBySlug(ctx, await request.requireViewer(), request.params.slug),
    });

    app.route({
      ...routeOf(endpoints.updateProfile),
      handler: async (request) => updateProfile(ctx, await request.requireViewer(), request.body),
    });

    app.route({
      ...routeOf(endpoints.updateLanguage),
      handler: async (request) => {
        await updateLanguage(ctx, await request.requireViewer(), request.body.language);
        return { success: true as const };
      },
    });
  };
}

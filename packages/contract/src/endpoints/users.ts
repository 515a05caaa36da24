import { followResponse } from '../schemas/home.ts';
import { idParam, slugParam } from '../schemas/common.ts';
import {
  companionSchema,
  currentUserSchema,
  publicProfileSchema,
  updateProfileBody,
} from '../schemas/users.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

export const usersEndpoints = {
  companion: defineEndpoint(r.companion, {
    params: idParam,
    response: companionSchema,
    errors: ['user_not_found'],
  }),
  profileBySlug: defineEndpoint(r.profileBySlug, {
    params: slugParam,
    response: publicProfileSchema,
    errors: ['user_not_found'],
  }),
  updateProfile: defineEndpoint(r.updateProfile, {
    body: updateProfileBody,
    response: currentUserSchema,
    errors: ['underage', 'invalid_category', 'unknown_country'],
  }),
  uploadAvatar: defineEndpoint(r.uploadAvatar, {
    body: 'multipart',
    response: currentUserSchema,
    errors: ['file_missing', 'file_too_large', 'not_an_image', 'image_too_many_pixels'],
  }),
  follow: defineEndpoint(r.follow, {
    params: idParam,
    response: followResponse,
    errors: ['user_not_found', 'cannot_follow_self', 'user_blocked'],
  }),
  unfollow: defineEndpoint(r.unfollow, {
    params: idParam,
    response: followResponse,
    errors: ['user_not_found', 'cannot_follow_self'],
  }),
};

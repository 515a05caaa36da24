import { chatPermissions } from './permissions/chat.permissions.ts';
import { mediaPermissions } from './permissions/media.permissions.ts';
import { moderationPermissions } from './permissions/moderation.permissions.ts';
import { purchasePermissions } from './permissions/purchase.permissions.ts';
import { storyPermissions } from './permissions/story.permissions.ts';
import { streamPermissions } from './permissions/stream.permissions.ts';
import { uploadPermissions } from './permissions/upload.permissions.ts';
import { tipRequestPermissions } from './permissions/tip-request.permissions.ts';
import { userPermissions } from './permissions/user.permissions.ts';
import type { Permission } from './permission.ts';

/**
 * Every permission by name. A feature area adds its permissions in one file under
 * `permissions/` and spreads them in here; the names and id types follow from it.
 */
export const permissions = {
  ...storyPermissions,
  ...mediaPermissions,
  ...userPermissions,
  ...purchasePermissions,
  ...chatPermissions,
  ...streamPermissions,
  ...uploadPermissions,
  ...tipRequestPermissions,
  ...moderationPermissions,
};

export type PermissionName = keyof typeof permissions;

/** The id type a permission is asked about (story ids are numbers, media keys strings). */
export type IdOf<P extends PermissionName> =
  (typeof permissions)[P] extends Permission<infer Id, infer _Fact, infer _Subject> ? Id : never;

/** What `explainAccess` describes of a permission's subject (undefined when it describes none). */
export type SubjectOf<P extends PermissionName> =
  (typeof permissions)[P] extends Permission<infer _Id, infer _Fact, infer Subject>
    ? Subject
    : never;

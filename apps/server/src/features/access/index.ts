/**
 * The access module's public face: who may see or do what. Every decision goes through one of
 * its verbs; the facts it reads and the rules that judge them are its own (permissions/).
 *
 * - `checkAccess(ctx, viewer, permission, ids)`: the ids the viewer may act on (a Set), from one
 *   batched query; unknown ids are left out.
 * - `requireAccess(ctx, viewer, permission, ids)`: throws the permission's catalogued error
 *   unless every id is allowed (not-found when any is hidden or missing, else forbidden).
 * - `explainAccess(ctx, viewer, permission, id)`: the Decision on one id: its verdict, the error
 *   a refusal throws (with the reason when the rule gives one, e.g. a message refused with
 *   `cannot_send_msg` and its err_msg, or `should_pay_option` and the paid options), and what
 *   the permission describes of the subject (a chat's kind and party, a direct chat's id, a
 *   stream that needs paying).
 * - `judgeProfile(user, facts, viewer)`: `user.view` and `chat.read` judged on facts a profile's
 *   own statement read with `profileFactColumns` (one round trip on a hot path).
 */
export { checkAccess, explainAccess, judgeProfile, requireAccess } from './access.service.ts';
export type { ProfileVerdict } from './access.service.ts';
export { profileFactColumns, type ProfileFact } from './chat-facts.repository.ts';
export type { Decision, Verdict, Viewer } from './permission.ts';
export type { PermissionName } from './registry.ts';
export {
  CHAT_SEND_PERMISSION,
  type ChatMessageKind,
  type ChatSubject,
} from './permissions/chat.permissions.ts';
export { MESSAGE_AUDIO_KIND } from './permissions/media.permissions.ts';
export {
  DIRECT_SEND_PERMISSION,
  type AddresseeSubject,
} from './permissions/purchase.permissions.ts';
export type { StoryContentSubject } from './permissions/story.permissions.ts';
export type { StreamSubject } from './permissions/stream.permissions.ts';

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
// The verbs every decision goes through.
export { checkAccess, explainAccess, requireAccess } from './access.service.ts';
// A profile's hot path: its facts read inside the profile's own statement, judged in memory.
export { judgeProfile } from './access.service.ts';
export { countryParam, profileFactColumns, type ProfileFact } from './chat-facts.repository.ts';
// What messaging asks for by name: the send permission per message kind, and a chat's subject.
export { CHAT_SEND_PERMISSION, type ChatSubject } from './permissions/chat.permissions.ts';
export { MESSAGE_AUDIO_KIND } from './permissions/media.permissions.ts';
export { DIRECT_SEND_PERMISSION } from './permissions/purchase.permissions.ts';

/**
 * The moderation feature's public face (issue 29): reports of stories, messages, users and
 * streams; the console's queue, actions, audit log, user lookup and live streams; an account's
 * standing. What a decision does on every surface is enforcement/ (its own face), stories held
 * for review are review/.
 */
// For the composition root: the routes.
export { moderationRoutes } from './moderation.routes.ts';
// What a decision does on every surface, for the features after moderation (copyright, appeals).
export { restore, suspend, takeDown, unsuspend } from './enforcement/index.ts';
// Stories held near known content: listed and decided (review/, issue 29 part 5).
export { reviewRoutes } from './review/review.routes.ts';

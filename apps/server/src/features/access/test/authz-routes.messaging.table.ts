import type { RouteCase } from './authz-routes.table.ts';

/**
 * The authorization matrix rows of the messaging routes (features/chats): the owner has a
 * channel (the follower and the subscriber may read it, `other` may not) and a direct chat with
 * `other` (fixture.chats, test/matrix-chats.ts). Run after the core and money rows.
 */
export const MESSAGING_TABLE: RouteCase[] = [];

import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { CurrentUser, RegisterBody, Story, StoryGroup } from '@glimpse/contract';
import { type Client } from '../../../test/harness.ts';
import { registration } from '../../../test/factories.ts';
import { solidImage } from '../../../test/images.ts';
import { postStory } from '../../../test/stories.ts';
import { uploadAvatar } from '../../../test/uploads.ts';
import { type SeededStory } from '../../../test/access-fixtures.ts';
import type { StreamTarget } from './matrix-streams.ts';

/**
 * The authorization matrix's table: one row per route (and target), the expected status for
 * each actor. `authz-matrix.api.test.ts` runs it and fails when /api/openapi.json describes a
 * route this table does not list, so a new route is added here rather than to an ad-hoc test.
 */
export const ACTORS = ['anonymous', 'other', 'follower', 'subscriber', 'owner'] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'anonymous'>;
/** Expected statuses in ACTORS order: anonymous, other, follower, subscriber, owner. */
export type Statuses = [number, number, number, number, number];

export const STORY_TARGETS = ['free', 'priced', 'processing', 'failed', 'deleted'] as const;
export type StoryTarget = (typeof STORY_TARGETS)[number];
/** What a route's `{id}` / `{slug}` names: one of the owner's stories, the owner, or nobody. */
export type Target = StoryTarget | 'creator' | 'unknown-user';

export interface Fixture {
  users: Record<SignedInActor, { user: CurrentUser; cookie: string; body: RegisterBody }>;
  stories: Record<StoryTarget, SeededStory>;
  avatarKey: string;
  /** The owner's channel, and the direct chat of the owner and `other`. */
  chats: Record<ChatTarget, number>;
  /** One message of the owner's in each of those chats. */
  chatMessages: Record<ChatTarget, number>;
  /** The owner's followers-only streams: one live, one ended (test/matrix-streams.ts). */
  streams: Record<StreamTarget, number>;
}

/** What a route's `{chat_id}` names. */
export type ChatTarget = 'channel' | 'direct';

export interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As OpenAPI writes it: `/api/stories/{id}`. */
  path: string;
  target?: Target;
  /** The chat a `{chat_id}` path parameter names. */
  chat?: ChatTarget;
  /** Other path parameters, by name (`{section}`). */
  fill?: Record<string, string>;
  statuses: Statuses;
  /** The call changes or removes its target: each actor gets a fresh story of the owner. */
  fresh?: boolean;
  /** The call ends or replaces the session: each actor signs in anew for it. */
  freshSession?: boolean;
  body?: (f: Fixture, actor: Actor) => unknown;
  /** Sends the request itself (multipart bodies, headers, query strings from the fixture). */
  send?: (c: Client, url: string, f: Fixture) => Promise<LightMyRequestResponse>;
  /** Error keys for refusals other than 401 unauthenticated and 403 forbidden. */
  errKeys?: Partial<Record<number, string>>;
  /** An actor refused with a key of their own (the owner tipping their own channel). */
  actorErrKeys?: Partial<Record<Actor, string>>;
  /** Further checks on a successful answer. */
  check?: (f: Fixture, actor: Actor, response: LightMyRequestResponse) => void;
}

export const PUBLIC: Statuses = [200, 200, 200, 200, 200];
export const SIGNED_IN: Statuses = [401, 200, 200, 200, 200];
const OWNER_ONLY: Statuses = [401, 403, 403, 403, 200];
const OWNER_ONLY_HIDDEN: Statuses = [401, 404, 404, 404, 200];
export const NOBODY: Statuses = [401, 404, 404, 404, 404];
export const STORY_404 = { 404: 'story_not_found' };
export const USER_404 = { 404: 'user_not_found' };

/** `isAvailable` per actor for the priced story: subscribers and the owner see it open. */
const PRICED_OPEN: Record<Actor, boolean> = {
  anonymous: false,
  other: false,
  follower: false,
  subscriber: true,
  owner: true,
};

const checkPricedStory = (_f: Fixture, actor: Actor, response: LightMyRequestResponse) => {
  const story = response.json<Story>();
  expect(story.isAvailable, actor).toBe(PRICED_OPEN[actor]);
  expect(story.overlay_src === null, actor).toBe(!PRICED_OPEN[actor]);
};

const checkGroup = (f: Fixture, actor: Actor, response: LightMyRequestResponse) => {
  const group = response.json<StoryGroup>();
  const byId = new Map(group.stories.map((s) => [s.id, s]));
  expect(byId.get(f.stories.free.id)?.isAvailable, actor).toBe(true);
  expect(byId.get(f.stories.priced.id)?.isAvailable, actor).toBe(PRICED_OPEN[actor]);
  for (const hidden of ['processing', 'failed', 'deleted'] as const)
    expect(byId.has(f.stories[hidden].id), `${actor} sees ${hidden}`).toBe(false);
};

export const storyRows = (
  method: RouteCase['method'],
  path: string,
  byTarget: Record<StoryTarget, Statuses>,
  extra: Partial<RouteCase> = {},
): RouteCase[] =>
  STORY_TARGETS.map((target) => ({
    method,
    path,
    target,
    statuses: byTarget[target],
    errKeys: STORY_404,
    ...extra,
  }));

const png = () => solidImage('png', 32, 32);

export const TABLE: RouteCase[] = [
  { method: 'GET', path: '/api/echo', statuses: PUBLIC },
  { method: 'GET', path: '/api/health', statuses: PUBLIC },
  { method: 'GET', path: '/api/countries', statuses: PUBLIC },
  { method: 'GET', path: '/api/tags', statuses: PUBLIC },
  { method: 'GET', path: '/api/user-categories', statuses: PUBLIC },
  {
    method: 'POST',
    path: '/api/auth/register',
    statuses: [201, 201, 201, 201, 201],
    body: () => registration(),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    statuses: PUBLIC,
    freshSession: true,
    body: (f, actor) => {
      const { email, password } = f.users[actor === 'anonymous' ? 'owner' : actor].body;
      return { email, password };
    },
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    statuses: [204, 204, 204, 204, 204],
    freshSession: true,
  },
  { method: 'GET', path: '/api/auth/me', statuses: SIGNED_IN },
  {
    method: 'GET',
    path: '/api/auth/session',
    statuses: PUBLIC,
    check: (f, actor, response) =>
      expect(response.json().user?.id ?? null).toBe(
        actor === 'anonymous' ? null : f.users[actor].user.id,
      ),
  },
  { method: 'POST', path: '/api/users/update-guide', statuses: SIGNED_IN },
  // Everyone reads only their own wallet: the route takes no id.
  { method: 'GET', path: '/api/wallet', statuses: SIGNED_IN },
  { method: 'GET', path: '/api/wallet/history', statuses: SIGNED_IN },
  { method: 'GET', path: '/api/wallet/earnings', statuses: SIGNED_IN },
  // Search finds people for signed-in viewers only (blocks are checked in search.api.test.ts).
  {
    method: 'GET',
    path: '/api/search',
    statuses: SIGNED_IN,
    send: (c, url, f) => c.get(`${url}?q=${encodeURIComponent(f.users.owner.user.slug)}`),
  },
  {
    method: 'GET',
    path: '/api/home/stories/{section}',
    fill: { section: 'subscribed' },
    statuses: SIGNED_IN,
  },
  {
    method: 'GET',
    path: '/api/home/stories/{section}',
    fill: { section: 'following' },
    statuses: SIGNED_IN,
  },
  {
    method: 'GET',
    path: '/api/home/stories/{section}',
    fill: { section: 'discover' },
    statuses: SIGNED_IN,
  },
  { method: 'GET', path: '/api/users/{id}', target: 'creator', statuses: SIGNED_IN },
  {
    method: 'GET',
    path: '/api/users/{id}',
    target: 'unknown-user',
    statuses: NOBODY,
    errKeys: USER_404,
  },
  { method: 'GET', path: '/api/users/slug/{slug}', target: 'creator', statuses: SIGNED_IN },
  {
    method: 'GET',
    path: '/api/users/slug/{slug}',
    target: 'unknown-user',
    statuses: NOBODY,
    errKeys: USER_404,
  },
  {
    method: 'PUT',
    path: '/api/users/me/profile',
    statuses: SIGNED_IN,
    body: () => ({ bio: 'Seen by the matrix' }),
  },
  {
    method: 'POST',
    path: '/api/users/me/avatar',
    statuses: SIGNED_IN,
    send: async (c) =>
      uploadAvatar(c, { data: await png(), filename: 'a.png', contentType: 'image/png' }),
  },
  {
    method: 'POST',
    path: '/api/users/{id}/follow',
    target: 'creator',
    statuses: [401, 200, 200, 200, 400],
    errKeys: { 400: 'cannot_follow_self' },
  },
  {
    method: 'POST',
    path: '/api/users/{id}/follow',
    target: 'unknown-user',
    statuses: NOBODY,
    errKeys: USER_404,
  },
  {
    method: 'DELETE',
    path: '/api/users/{id}/follow',
    target: 'creator',
    statuses: [401, 200, 200, 200, 400],
    errKeys: { 400: 'cannot_follow_self' },
  },
  {
    method: 'POST',
    path: '/api/stories',
    statuses: [401, 201, 201, 201, 201],
    send: async (c) => postStory(c, { data: await png() }),
  },
  { method: 'GET', path: '/api/users/me/stories', statuses: SIGNED_IN },
  {
    method: 'GET',
    path: '/api/users/{id}/stories',
    target: 'creator',
    statuses: SIGNED_IN,
    check: checkGroup,
  },
  {
    method: 'GET',
    path: '/api/users/{id}/stories',
    target: 'unknown-user',
    statuses: NOBODY,
    errKeys: USER_404,
  },
  ...storyRows('GET', '/api/stories/{id}', {
    free: SIGNED_IN,
    priced: SIGNED_IN,
    processing: OWNER_ONLY_HIDDEN,
    failed: OWNER_ONLY_HIDDEN,
    deleted: NOBODY,
  }).map((row) => (row.target === 'priced' ? { ...row, check: checkPricedStory } : row)),
  ...storyRows(
    'PATCH',
    '/api/stories/{id}',
    {
      free: OWNER_ONLY,
      priced: OWNER_ONLY,
      processing: OWNER_ONLY_HIDDEN,
      failed: OWNER_ONLY_HIDDEN,
      deleted: NOBODY,
    },
    { body: () => ({ text: 'Edited by the matrix' }) },
  ),
  ...storyRows(
    'DELETE',
    '/api/stories/{id}',
    {
      free: [401, 403, 403, 403, 204],
      priced: [401, 403, 403, 403, 204],
      processing: [401, 404, 404, 404, 204],
      failed: [401, 404, 404, 404, 204],
      deleted: NOBODY,
    },
    { fresh: true },
  ),
  ...storyRows('GET', '/api/stories/{id}/statistics', {
    free: OWNER_ONLY,
    priced: OWNER_ONLY,
    processing: OWNER_ONLY_HIDDEN,
    failed: OWNER_ONLY_HIDDEN,
    deleted: NOBODY,
  }),
  ...storyRows('POST', '/api/stories/{id}/watch', {
    free: [401, 204, 204, 204, 204],
    priced: [401, 204, 204, 204, 204],
    processing: [401, 404, 404, 404, 204],
    failed: [401, 404, 404, 404, 204],
    deleted: NOBODY,
  }),
  ...storyRows(
    'POST',
    '/api/stories/{id}/report',
    {
      free: [401, 200, 200, 200, 403],
      priced: [401, 200, 200, 200, 403],
      processing: [401, 404, 404, 404, 403],
      failed: [401, 404, 404, 404, 403],
      deleted: NOBODY,
    },
    { body: () => ({ accusation: 'Spam' }) },
  ),
  ...storyRows('GET', '/api/stories/{id}/viewers', {
    free: OWNER_ONLY,
    priced: OWNER_ONLY,
    processing: OWNER_ONLY_HIDDEN,
    failed: OWNER_ONLY_HIDDEN,
    deleted: NOBODY,
  }),
  // A reply is a direct message to the owner: whoever sees the story, but not the owner.
  ...storyRows(
    'POST',
    '/api/stories/{id}/reply',
    {
      free: [401, 201, 201, 201, 400],
      priced: [401, 201, 201, 201, 400],
      processing: [401, 404, 404, 404, 400],
      failed: [401, 404, 404, 404, 400],
      deleted: NOBODY,
    },
    {
      body: () => ({ text: 'Replied by the matrix' }),
      errKeys: { ...STORY_404, 400: 'cannot_send_msg' },
    },
  ),
];

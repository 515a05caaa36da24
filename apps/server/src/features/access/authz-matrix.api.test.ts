import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, RegisterBody, Story, StoryGroup } from '@glimpse/contract';
import { client, startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { registration, signedUpUser } from '../../test/factories.ts';
import { solidImage } from '../../test/images.ts';
import { postStory } from '../../test/stories.ts';
import { uploadAvatar } from '../../test/uploads.ts';
import {
  seedBlob,
  seedFollow,
  seedStory,
  seedSubscription,
  type SeededStory,
} from '../../test/access-fixtures.ts';

/**
 * The authorization matrix: one row per route (and target), the expected status for each actor.
 * A route the server describes in /api/openapi.json but this table does not list fails the
 * suite, so a new route is added here rather than to an ad-hoc test.
 */

const ACTORS = ['anonymous', 'other', 'follower', 'subscriber', 'owner'] as const;
type Actor = (typeof ACTORS)[number];
type SignedInActor = Exclude<Actor, 'anonymous'>;
/** Expected statuses in ACTORS order: anonymous, other, follower, subscriber, owner. */
type Statuses = [number, number, number, number, number];

const STORY_TARGETS = ['free', 'priced', 'processing', 'failed', 'deleted'] as const;
type StoryTarget = (typeof STORY_TARGETS)[number];
/** What a route's `{id}` / `{slug}` names: one of the owner's stories, the owner, or nobody. */
type Target = StoryTarget | 'creator' | 'unknown-user';

interface Fixture {
  users: Record<SignedInActor, { user: CurrentUser; cookie: string; body: RegisterBody }>;
  stories: Record<StoryTarget, SeededStory>;
  avatarKey: string;
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As OpenAPI writes it: `/api/stories/{id}`. */
  path: string;
  target?: Target;
  /** Other path parameters, by name (`{section}`). */
  fill?: Record<string, string>;
  statuses: Statuses;
  /** The call changes or removes its target: each actor gets a fresh story of the owner. */
  fresh?: boolean;
  /** The call ends or replaces the session: each actor signs in anew for it. */
  freshSession?: boolean;
  body?: (f: Fixture, actor: Actor) => unknown;
  /** Sends the request itself (multipart bodies). */
  send?: (c: Client, url: string) => Promise<LightMyRequestResponse>;
  /** Error keys for refusals other than 401 unauthenticated and 403 forbidden. */
  errKeys?: Partial<Record<number, string>>;
  /** Further checks on a successful answer. */
  check?: (f: Fixture, actor: Actor, response: LightMyRequestResponse) => void;
}

const PUBLIC: Statuses = [200, 200, 200, 200, 200];
const SIGNED_IN: Statuses = [401, 200, 200, 200, 200];
const OWNER_ONLY: Statuses = [401, 403, 403, 403, 200];
const OWNER_ONLY_HIDDEN: Statuses = [401, 404, 404, 404, 200];
const NOBODY: Statuses = [401, 404, 404, 404, 404];
const STORY_404 = { 404: 'story_not_found' };
const USER_404 = { 404: 'user_not_found' };

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

const storyRows = (
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

const TABLE: RouteCase[] = [
  { method: 'GET', path: '/api/echo', statuses: PUBLIC },
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
  { method: 'POST', path: '/api/users/update-guide', statuses: SIGNED_IN },
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
];

const UNKNOWN_USER_ID = 2_000_000_000;

let server: TestServer;
let fixture: Fixture;

beforeAll(async () => {
  server = await startTestServer();
  const [owner, other, follower, subscriber] = await Promise.all([
    signedUpUser(server),
    signedUpUser(server),
    signedUpUser(server),
    signedUpUser(server),
  ]);
  const ownerId = owner.user.id;
  await seedFollow(server, follower.user.id, ownerId);
  await seedSubscription(server, subscriber.user.id, ownerId);
  const stories = {
    free: await seedStory(server, ownerId),
    priced: await seedStory(server, ownerId, { priceCents: 250 }),
    processing: await seedStory(server, ownerId, { status: 'processing' }),
    failed: await seedStory(server, ownerId, { status: 'failed' }),
    deleted: await seedStory(server, ownerId),
  };
  const removed = await owner.client.delete(`/api/stories/${stories.deleted.id}`);
  if (removed.statusCode !== 204) throw new Error(`delete failed: ${removed.body}`);
  const withCookie = (u: typeof owner) => ({
    user: u.user,
    body: u.body,
    cookie: u.client.cookie!,
  });
  fixture = {
    users: {
      owner: withCookie(owner),
      other: withCookie(other),
      follower: withCookie(follower),
      subscriber: withCookie(subscriber),
    },
    stories,
    avatarKey: await seedBlob(server, { ownerId, kind: 'avatar', contentType: 'image/webp' }),
  };
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** A client for one call, so a cookie the call sets never leaks into the shared fixture. */
async function clientFor(actor: Actor, row: RouteCase): Promise<Client> {
  if (actor === 'anonymous') return client(server);
  const { body, cookie } = fixture.users[actor];
  if (!row.freshSession) return client(server, { cookie });
  const fresh = client(server);
  const login = await fresh.post('/api/auth/login', { email: body.email, password: body.password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return fresh;
}

async function urlFor(row: RouteCase): Promise<string> {
  const owner = fixture.users.owner.user;
  const target = row.target;
  let id: number | undefined;
  if (target === 'creator') id = owner.id;
  else if (target === 'unknown-user') id = UNKNOWN_USER_ID;
  else if (target && row.fresh && target !== 'deleted') {
    const spec = {
      free: {},
      priced: { priceCents: 250 },
      processing: { status: 'processing' as const },
      failed: { status: 'failed' as const },
    }[target];
    id = (await seedStory(server, owner.id, spec)).id;
  } else if (target) id = fixture.stories[target].id;
  const slug = target === 'unknown-user' ? 'nobody-by-this-slug' : owner.slug;
  let url = row.path.replace('{id}', String(id)).replace('{slug}', slug);
  for (const [name, value] of Object.entries(row.fill ?? {})) url = url.replace(`{${name}}`, value);
  return url;
}

/** "status" for a success, "status err_key" for a refusal. */
function outcome(response: LightMyRequestResponse): string {
  if (response.statusCode < 400) return String(response.statusCode);
  return `${response.statusCode} ${response.json<{ err_key: string }>().err_key}`;
}

function expectedOutcome(row: RouteCase, status: number): string {
  if (status < 400) return String(status);
  const keys: Record<number, string> = { 401: 'unauthenticated', 403: 'forbidden', ...row.errKeys };
  return `${status} ${keys[status]}`;
}

describe('authorization matrix', () => {
  it.each(
    TABLE.map(
      (row) =>
        [
          `${row.method} ${row.path} [${row.target ?? (Object.values(row.fill ?? {}).join() || '-')}]`,
          row,
        ] as const,
    ),
  )('%s', async (_label, row) => {
    const actual: Partial<Record<Actor, string>> = {};
    const expected: Partial<Record<Actor, string>> = {};
    for (const [index, actor] of ACTORS.entries()) {
      // Relations the matrix relies on, restored in case a row (unfollow) removed them.
      await seedFollow(server, fixture.users.follower.user.id, fixture.users.owner.user.id);
      const c = await clientFor(actor, row);
      const url = await urlFor(row);
      const response = row.send
        ? await row.send(c, url)
        : await c.request({
            method: row.method,
            url,
            ...(row.body ? { payload: row.body(fixture, actor) as object } : {}),
          });
      actual[actor] = outcome(response);
      expected[actor] = expectedOutcome(row, row.statuses[index]!);
      if (response.statusCode < 300 && actual[actor] === expected[actor])
        row.check?.(fixture, actor, response);
    }
    expect(actual).toEqual(expected);
  });

  it('lists every route the server describes in /api/openapi.json', async () => {
    const spec = (await client(server).get('/api/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const described = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const listed = new Set(TABLE.map((row) => `${row.method} ${row.path}`));
    expect(described.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !described.includes(route))).toEqual([]);
  });
});

interface MediaCase {
  label: string;
  key: (f: Fixture) => string;
  statuses: Statuses;
}

const MEDIA_TABLE: MediaCase[] = [
  {
    label: 'free story rendition',
    key: (f) => f.stories.free.imageKey,
    statuses: [403, 200, 200, 200, 200],
  },
  {
    label: 'priced story rendition',
    key: (f) => f.stories.priced.imageKey,
    statuses: [403, 403, 403, 200, 200],
  },
  {
    label: 'processing story rendition',
    key: (f) => f.stories.processing.imageKey,
    statuses: [403, 403, 403, 403, 200],
  },
  {
    label: 'failed story rendition',
    key: (f) => f.stories.failed.imageKey,
    statuses: [403, 403, 403, 403, 200],
  },
  {
    label: 'deleted story rendition',
    key: (f) => f.stories.deleted.imageKey,
    statuses: [403, 403, 403, 403, 403],
  },
  {
    label: 'free story original upload',
    key: (f) => f.stories.free.sourceKey,
    statuses: [403, 403, 403, 403, 200],
  },
  {
    label: 'priced story original upload',
    key: (f) => f.stories.priced.sourceKey,
    statuses: [403, 403, 403, 403, 200],
  },
  { label: "the owner's avatar", key: (f) => f.avatarKey, statuses: [403, 200, 200, 200, 200] },
];

describe('signed media URLs', () => {
  it.each(MEDIA_TABLE.map((row) => [row.label, row] as const))(
    '%s: a URL signed for each actor, and one signed for someone else',
    async (_label, row) => {
      const key = row.key(fixture);
      const signer = server.ctx.mediaSigner;
      const owner = fixture.users.owner;
      const actual: Partial<Record<string, number>> = {};
      const expected: Partial<Record<string, number>> = {};
      for (const [index, actor] of ACTORS.entries()) {
        // Anonymous holds the owner's URL: without the owner's session it must not open.
        const signedFor = actor === 'anonymous' ? owner.user.id : fixture.users[actor].user.id;
        const c = await clientFor(actor, { method: 'GET', path: '', statuses: PUBLIC });
        actual[actor] = (await c.get(signer.url(key, signedFor))).statusCode;
        expected[actor] = row.statuses[index]!;
        if (actor !== 'anonymous') {
          // Another user's signature never opens it, even for the owner.
          const someoneElse = actor === 'owner' ? fixture.users.other : owner;
          actual[`${actor} with another's signature`] = (
            await c.get(signer.url(key, someoneElse.user.id))
          ).statusCode;
          expected[`${actor} with another's signature`] = 403;
        }
      }
      expect(actual).toEqual(expected);
    },
  );
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestServer, type Client, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedBlob, seedFollow, seedStory, seedSubscription } from '../../test/access-fixtures.ts';
import {
  ACTORS,
  PUBLIC,
  TABLE,
  type Actor,
  type Fixture,
  type RouteCase,
  type Statuses,
} from './test/authz-routes.table.ts';
import { MONEY_TABLE } from './test/authz-routes.money.table.ts';
import { MESSAGING_TABLE } from './test/authz-routes.messaging.table.ts';
import { VOICE_MESSAGE_TABLE } from './test/authz-routes.voice.table.ts';
import { seedMatrixChats } from './test/matrix-chats.ts';
import { seedMatrixStreams } from './test/matrix-streams.ts';
import { LIVE_TABLE } from './test/authz-routes.live.table.ts';
import { BLOCKS_TABLE, CHANNEL_TIP_TABLE } from './test/authz-routes.blocks.table.ts';
import { ACCOUNTS_TABLE } from './test/authz-routes.accounts.table.ts';
import { EXPORTS_TABLE } from './test/authz-routes.exports.table.ts';
import { PUSH_TABLE } from './test/authz-routes.push.table.ts';
import { notificationEmailTable } from './test/authz-routes.notification-email.table.ts';
import { NOTIFICATIONS_TABLE } from './test/authz-routes.notifications.table.ts';
import { MODERATION_TABLE } from './test/authz-routes.moderation.table.ts';
import { COPYRIGHT_TABLE } from './test/authz-routes.copyright.table.ts';
import { KNOWN_CONTENT_TABLE } from './test/authz-routes.known-content.table.ts';

// Runs the authorization matrix of `test/authz-routes.table.ts`, then the signed media URLs.

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
    ...(await seedMatrixChats(server, ownerId, other.user.id)),
    ...(await seedMatrixStreams(server, ownerId)),
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
  if (row.chat) url = url.replace('{chat_id}', String(fixture.chats[row.chat]));
  return url;
}

/** "status" for a success, "status err_key" for a refusal. */
function outcome(response: LightMyRequestResponse): string {
  if (response.statusCode < 400) return String(response.statusCode);
  return `${response.statusCode} ${response.json<{ err_key: string }>().err_key}`;
}

function expectedOutcome(row: RouteCase, status: number, actor: Actor): string {
  if (status < 400) return String(status);
  const keys: Record<number, string> = { 401: 'unauthenticated', 403: 'forbidden', ...row.errKeys };
  return `${status} ${row.actorErrKeys?.[actor] ?? keys[status]}`;
}

describe('authorization matrix', () => {
  it.each(
    [
      ...TABLE,
      ...MONEY_TABLE,
      ...MESSAGING_TABLE,
      ...VOICE_MESSAGE_TABLE,
      ...BLOCKS_TABLE,
      ...CHANNEL_TIP_TABLE,
      ...LIVE_TABLE,
      ...ACCOUNTS_TABLE,
      ...EXPORTS_TABLE,
      ...PUSH_TABLE,
      ...notificationEmailTable(() => server.ctx.config.secret),
      ...NOTIFICATIONS_TABLE,
      ...MODERATION_TABLE,
      ...COPYRIGHT_TABLE,
      ...KNOWN_CONTENT_TABLE,
    ].map(
      (row) =>
        [
          `${row.method} ${row.path} [${row.target ?? row.chat ?? (Object.values(row.fill ?? {}).join() || '-')}]`,
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
        ? await row.send(c, url, fixture)
        : await c.request({
            method: row.method,
            url,
            ...(row.body ? { payload: row.body(fixture, actor) as object } : {}),
          });
      actual[actor] = outcome(response);
      expected[actor] = expectedOutcome(row, row.statuses[index]!, actor);
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
    const listed = new Set(
      [
        ...TABLE,
        ...MONEY_TABLE,
        ...MESSAGING_TABLE,
        ...VOICE_MESSAGE_TABLE,
        ...BLOCKS_TABLE,
        ...CHANNEL_TIP_TABLE,
        ...LIVE_TABLE,
        ...ACCOUNTS_TABLE,
        ...EXPORTS_TABLE,
        ...PUSH_TABLE,
        ...notificationEmailTable(() => server.ctx.config.secret),
        ...NOTIFICATIONS_TABLE,
        ...MODERATION_TABLE,
        ...COPYRIGHT_TABLE,
        ...KNOWN_CONTENT_TABLE,
      ].map((row) => `${row.method} ${row.path}`),
    );
    expect(described.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !described.includes(route))).toEqual([]);
  });
});

/**
 * A URL signed for the actor but for media they may not see answers 404 (media_not_found), as
 * an absent blob does; one without their session or signed for someone else is 403.
 */
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
    statuses: [403, 404, 404, 200, 200],
  },
  {
    label: 'processing story rendition',
    key: (f) => f.stories.processing.imageKey,
    statuses: [403, 404, 404, 404, 200],
  },
  {
    label: 'failed story rendition',
    key: (f) => f.stories.failed.imageKey,
    statuses: [403, 404, 404, 404, 200],
  },
  {
    label: 'deleted story rendition',
    key: (f) => f.stories.deleted.imageKey,
    statuses: [403, 404, 404, 404, 404],
  },
  {
    label: 'free story original upload',
    key: (f) => f.stories.free.sourceKey,
    statuses: [403, 404, 404, 404, 200],
  },
  {
    label: 'priced story original upload',
    key: (f) => f.stories.priced.sourceKey,
    statuses: [403, 404, 404, 404, 200],
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

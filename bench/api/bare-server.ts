// The baseline: a bare Fastify app on a pg pool running the very SQL text the server's hot
// paths run (taken from the same query builders once, at start), in the same order and
// parallelism, with no presentation, validation or serialisation beyond JSON.
import Fastify, { type FastifyInstance } from 'fastify';
import { Placeholder, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { HomeFilter } from '@glimpse/contract';
import type { Db } from '../../apps/server/src/platform/db/database.ts';
import { liveSessionQuery } from '../../apps/server/src/features/auth/auth.repository.ts';
import { sessionIdFromToken } from '../../apps/server/src/features/auth/session-token.ts';
import { homeSectionQuery } from '../../apps/server/src/features/home/home.repository.ts';
import {
  readyStoriesQuery,
  watchedStoryIdsQuery,
} from '../../apps/server/src/features/stories/stories.repository.ts';
import {
  currentUserQuery,
  profileBySlugQuery,
} from '../../apps/server/src/features/users/users.repository.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import {
  storyContentFactsQuery,
  userFactsQuery,
} from '../../apps/server/src/features/access/access.repository.ts';
import { eq } from 'drizzle-orm';

interface Statement {
  text: string;
  values(named: Record<string, unknown>): unknown[];
}

/** SQL text and parameter order of a query built with placeholders. */
function statement(query: { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql: text, params } = query.toSQL();
  return {
    text,
    values: (named) => params.map((p) => (p instanceof Placeholder ? named[p.name] : p)),
  };
}

export async function startBareServer(
  pool: pg.Pool,
  db: Db,
  discover: { filter: HomeFilter; limit: number },
): Promise<{ url: string; app: FastifyInstance }> {
  const p = (name: string) => sql.placeholder(name);
  const session = statement(liveSessionQuery(db, p('id')));
  const me = statement(currentUserQuery(db, p('id'), p('currency')));
  const profile = statement(profileBySlugQuery(db, p('slug'), p('viewerId')));
  const userById = statement(
    db
      .select()
      .from(users)
      .where(eq(users.id, p('id')))
      .limit(1),
  );
  const stories = statement(readyStoriesQuery(db, p('userId')));
  const watched = statement(watchedStoryIdsQuery(db, 0, []));
  const userFacts = statement(userFactsQuery(db));
  const contentFacts = statement(storyContentFactsQuery(db));
  const run = async (s: Statement, named: Record<string, unknown>) =>
    (await pool.query(s.text, s.values(named))).rows;

  async function viewer(cookie: string | undefined): Promise<number> {
    const token = /glimpse_session=([^;]+)/.exec(cookie ?? '')?.[1];
    if (!token) throw new Error('no session');
    const [row] = await run(session, { id: sessionIdFromToken(token) });
    if (!row) throw new Error('no session');
    return (row as { user_id: number }).user_id;
  }

  const app = Fastify();
  app.get('/me', async (request) => {
    const id = await viewer(request.headers.cookie);
    return (await run(me, { id, currency: 'USD' }))[0];
  });
  // The server reads the profile, its counts and the access facts its decisions need (blocks,
  // follow, subscription, channel) in this one statement after the session, and decides in
  // memory (access.service judgeProfile): the same two statements here.
  app.get<{ Params: { slug: string } }>('/profile/:slug', async (request) => {
    const viewerId = await viewer(request.headers.cookie);
    return (await run(profile, { slug: request.params.slug, viewerId, country: '' }))[0];
  });
  app.get<{ Params: { id: string } }>('/group/:id', async (request) => {
    const viewerId = await viewer(request.headers.cookie);
    const creatorId = Number(request.params.id);
    // The server's access module asks first (user.view, then story.content), batched.
    const [, creator, self] = await Promise.all([
      run(userFacts, { ids: [creatorId], viewer: viewerId, country: '' }),
      run(userById, { id: creatorId }),
      run(userById, { id: viewerId }),
    ]);
    const list = (await run(stories, { userId: creatorId })) as { id: number }[];
    const ids = list.map((s) => s.id);
    const [content, seen] = await Promise.all([
      run(contentFacts, { ids, viewer: viewerId, country: '' }),
      pool.query(watched.text, [viewerId, ids]),
    ]);
    return { creator: creator[0], viewer: self[0], stories: list, content, watched: seen.rows };
  });
  // Discover's SQL depends on the viewer and the filter: built once for the bench viewer.
  const dialect = new PgDialect();
  let discoverSql: { sql: string; params: unknown[] } | undefined;
  app.get<{ Querystring: { page: string } }>('/discover', async (request) => {
    const viewerId = await viewer(request.headers.cookie);
    discoverSql ??= dialect.sqlToQuery(
      homeSectionQuery(viewerId, 'discover', discover.filter, {
        limit: discover.limit,
        offset: (Number(request.query.page) - 1) * discover.limit,
      }),
    );
    return (await pool.query(discoverSql.sql, discoverSql.params)).rows;
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, app };
}

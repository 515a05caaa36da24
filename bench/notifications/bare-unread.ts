// The baseline of GET /api/notifications/unread-count: a bare Fastify app on a pg pool running
// the very SQL the server runs (the session lookup, then the count, built by the same query
// builders), with nothing else.
import Fastify, { type FastifyInstance } from 'fastify';
import { and, eq, isNull, Placeholder, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../apps/server/src/platform/db/database.ts';
import { notifications } from '../../apps/server/src/db/schema/index.ts';
import { liveSessionQuery } from '../../apps/server/src/features/auth/auth.repository.ts';
import { sessionIdFromToken } from '../../apps/server/src/features/auth/session-token.ts';

function statement(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  return {
    text,
    values: (named: Record<string, unknown>) =>
      params.map((p) => (p instanceof Placeholder ? named[p.name] : p)),
  };
}

export async function startBareUnread(
  pool: pg.Pool,
  db: Db,
): Promise<{ url: string; app: FastifyInstance }> {
  const session = statement(liveSessionQuery(db, sql.placeholder('id')));
  // As features/notifications/notification-events.ts `unreadCount` builds it.
  const count = statement(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, sql.placeholder('userId')),
          isNull(notifications.readAt),
          eq(notifications.inApp, true),
        ),
      ),
  );
  const app = Fastify();
  app.get('/unread-count', async (request) => {
    const token = /glimpse_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!token) throw new Error('no session');
    const [row] = (
      await pool.query(session.text, session.values({ id: sessionIdFromToken(token) }))
    ).rows as { user_id: number }[];
    if (!row) throw new Error('no session');
    // The statement's one column (drizzle leaves `count(*)::int` unnamed: "count").
    const counted = await pool.query(count.text, count.values({ userId: row.user_id }));
    const [result] = counted.rows as Record<string, number>[];
    return { count: result ? Object.values(result)[0]! : 0 };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, app };
}

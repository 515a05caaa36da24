import { count } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema/index.ts';
import { signedUpUser } from './factories.ts';
import { startTestServer } from './harness.ts';
import { borrowPostgresDatabase } from './postgres-pool.ts';
import { usePostgres } from './test-database.ts';

async function query<Row extends object>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

// The PostgreSQL project's databases; pglite-pool.test.ts has the PGlite ones.
describe.runIf(usePostgres())('the worker keeps its PostgreSQL test databases', () => {
  it('hands the next server the same database, emptied, its ids starting again', async () => {
    const first = await startTestServer();
    const { user } = await signedUpUser(first);
    // The append-only audit log is emptied too.
    await first.ctx.db.insert(auditLog).values({
      action: 'grant_role',
      targetKind: 'user',
      targetId: user.id,
      subjectUserId: user.id,
    });
    const url = first.config.databaseUrl;
    await first.stop();

    const second = await startTestServer();
    try {
      expect(second.config.databaseUrl).toBe(url);
      const [left] = await second.ctx.db.select({ n: count() }).from(users);
      const [lines] = await second.ctx.db.select({ n: count() }).from(auditLog);
      expect([left!.n, lines!.n]).toEqual([0, 0]);
      const again = await signedUpUser(second);
      expect(again.user.id).toBe(user.id);
    } finally {
      await second.stop();
    }
  });

  it('gives two servers at once a database each', async () => {
    const [a, b] = await Promise.all([startTestServer(), startTestServer()]);
    try {
      expect(a.config.databaseUrl).not.toBe(b.config.databaseUrl);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('drops one whose schema a file changed instead of keeping it', async () => {
    const changed = await borrowPostgresDatabase();
    await query(changed.url, 'create table left_behind (id int)');
    await changed.release();
    const [row] = await query<{ n: number }>(
      process.env.TEST_DATABASE_URL!,
      `select count(*)::int as n from pg_database where datname = '${new URL(changed.url).pathname.slice(1)}'`,
    );
    expect(row!.n).toBe(0);
    const next = await borrowPostgresDatabase();
    try {
      expect(next.url).not.toBe(changed.url);
      const [table] = await query<{ t: string | null }>(
        next.url,
        "select to_regclass('left_behind')::text as t",
      );
      expect(table).toEqual({ t: null });
    } finally {
      await next.release();
    }
  });
});

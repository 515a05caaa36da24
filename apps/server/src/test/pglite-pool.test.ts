import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema/index.ts';
import type { Database } from '../platform/db/database.ts';
import { signedUpUser } from './factories.ts';
import { startTestServer } from './harness.ts';
import { borrowPgliteDatabase, returnPgliteDatabase } from './pglite-pool.ts';
import { pgliteTestTemplate } from './test-database.ts';

const clientOf = (database: Database) =>
  database.jobsBackend.kind === 'pglite' ? database.jobsBackend.client : undefined;

describe('the worker keeps its test databases', () => {
  it('hands the next server the same PGlite, emptied, its ids starting again', async () => {
    const first = await startTestServer();
    const { user } = await signedUpUser(first);
    // The append-only audit log is emptied too.
    await first.ctx.db.insert(auditLog).values({
      action: 'grant_role',
      targetKind: 'user',
      targetId: user.id,
      subjectUserId: user.id,
    });
    const pglite = clientOf(first.ctx.database);
    await first.stop();

    const second = await startTestServer();
    try {
      expect(clientOf(second.ctx.database)).toBe(pglite);
      // Its own handle: what a server keeps per handle is never the first server's.
      expect(second.ctx.db).not.toBe(first.ctx.db);
      const [left] = await second.ctx.db.select({ n: count() }).from(users);
      const [lines] = await second.ctx.db.select({ n: count() }).from(auditLog);
      expect([left!.n, lines!.n]).toEqual([0, 0]);
      const again = await signedUpUser(second);
      expect(again.user.id).toBe(user.id);
    } finally {
      await second.stop();
    }
  });

  it('does not keep one whose schema a file changed', async () => {
    const changed = await borrowPgliteDatabase(pgliteTestTemplate());
    await changed.executeSql('create table left_behind (id int)');
    await returnPgliteDatabase(changed);
    expect(clientOf(changed)?.closed).toBe(true);
    const next = await borrowPgliteDatabase(pgliteTestTemplate());
    try {
      expect(clientOf(next)).not.toBe(clientOf(changed));
      const { rows } = await next.executeSql("select to_regclass('left_behind') as t");
      expect(rows[0]).toEqual({ t: null });
    } finally {
      await returnPgliteDatabase(next);
    }
  });
});

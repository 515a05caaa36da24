import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories, users } from '../../db/schema/index.ts';
import { signedUpUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

// The story counters and watch tallies (migrations 0023, 0024) lock the creator's users row
// from a trigger. A story's insert holds that row FOR KEY SHARE (its foreign key) before the
// trigger runs; a lock that conflicts with it deadlocks two stories of one creator written at
// once, as an import, a demo seed or a client posting in parallel does. On PostgreSQL these run
// on separate pooled connections; PGlite runs them one after another.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('story counters under concurrent writes', () => {
  it('take a dozen stories of one creator written at once, and count them all', async () => {
    const creator = await signedUpUser(server);
    const ids = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const [row] = await server.ctx.db
          .insert(stories)
          .values({
            userId: creator.user.id,
            isVideo: false,
            status: 'ready',
            sourceKey: `concurrent-${creator.user.id}-${i}`,
            sourceContentType: 'image/jpeg',
          })
          .returning({ id: stories.id });
        return row!.id;
      }),
    );
    expect(new Set(ids).size).toBe(12);
    const [row] = await server.ctx.db
      .select({ count: users.storyCount })
      .from(users)
      .where(eq(users.id, creator.user.id));
    expect(row?.count).toBe(12);

    // And as many deleted at once.
    await Promise.all(ids.map((id) => server.ctx.db.delete(stories).where(eq(stories.id, id))));
    const [after] = await server.ctx.db
      .select({ count: users.storyCount })
      .from(users)
      .where(eq(users.id, creator.user.id));
    expect(after?.count).toBe(0);
  });
});

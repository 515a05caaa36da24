import { and, eq, ne, sql } from 'drizzle-orm';
import { stories } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

/** A story's owner and audience, or undefined when there is no such story. */
export async function storyOwner(
  db: DbOrTx,
  id: number,
): Promise<{ ownerId: number; audience: string } | undefined> {
  const [row] = await db
    .select({ ownerId: stories.userId, audience: stories.audience })
    .from(stories)
    .where(eq(stories.id, id));
  return row;
}

/** Sets the status when it differs; answers whether this call changed it. */
export async function setStatusUnlessAlready(
  db: DbOrTx,
  id: number,
  status: 'taken_down',
): Promise<boolean> {
  const rows = await db
    .update(stories)
    .set({ status })
    .where(and(eq(stories.id, id), ne(stories.status, status)))
    .returning({ id: stories.id });
  return rows.length > 0;
}

/** taken_down -> ready; any other status stays (a story never restored twice). */
export async function readyIfTakenDown(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(stories)
    .set({ status: 'ready' })
    .where(and(eq(stories.id, id), eq(stories.status, 'taken_down')))
    .returning({ id: stories.id });
  return rows.length > 0;
}

/** The chats holding a message that carries the story, with a direct chat's two members. */
export async function chatsShowing(
  db: DbOrTx,
  id: number,
): Promise<Array<{ id: number; kind: string; low: number | null; high: number | null }>> {
  const result = await db.execute<{
    id: number;
    kind: string;
    low: number | null;
    high: number | null;
  }>(sql`
    select distinct c.id, c.kind, c.user_low_id as low, c.user_high_id as high
    from messages m join chats c on c.id = m.chat_id
    where m.story_id = ${id}`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    low: row.low === null ? null : Number(row.low),
    high: row.high === null ? null : Number(row.high),
  }));
}

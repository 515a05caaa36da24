import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';

/**
 * Where a page starts, as PostgreSQL wrote the last line's `updated_at` (`::text`, with its
 * microseconds and offset): a JavaScript Date keeps only milliseconds, and lines written within
 * one millisecond would otherwise be skipped or repeated across pages.
 */
export interface PagePosition {
  at: string;
  id: number;
}

/** The ids of one page of the user's in-app lines, newest first, and each one's position. */
export async function pageIds(
  db: DbOrTx,
  userId: number,
  after: PagePosition | null,
  limit: number,
): Promise<PagePosition[]> {
  const rows = await db.execute<{ id: string | number; at: string }>(sql`
    select id, updated_at::text as at from notifications
    where user_id = ${userId} and in_app
      ${after ? sql`and (updated_at, id) < (${after.at}::timestamptz, ${after.id})` : sql``}
    order by updated_at desc, id desc
    limit ${limit}`);
  return rows.rows.map((row) => ({ id: Number(row.id), at: row.at }));
}

/**
 * Marks the user's unread lines read: those of `ids` that are theirs, or all. Answers the ids
 * that changed.
 */
export async function markRead(
  db: DbOrTx,
  userId: number,
  ids: number[] | 'all',
): Promise<number[]> {
  const rows = await db.execute<{ id: string | number }>(sql`
    update notifications set read_at = now()
    where user_id = ${userId} and read_at is null
      ${ids === 'all' ? sql`` : sql`and id = any(${`{${ids.join(',')}}`}::bigint[])`}
    returning id`);
  return rows.rows.map((row) => Number(row.id));
}

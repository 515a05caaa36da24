import { and, desc, eq, gt, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { dataExports, users } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db/database.ts';

export type DataExportRow = typeof dataExports.$inferSelect;

/** Serializes one user's export requests: the row lock is held until the transaction ends. */
export async function lockUser(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row !== undefined;
}

/** The user's export still pending or building, if any. */
export async function findUnfinished(
  db: DbOrTx,
  userId: number,
): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(eq(dataExports.userId, userId), inArray(dataExports.status, ['pending', 'building'])),
    )
    .limit(1);
  return row;
}

/** How many exports the user asked for since `since` that did not fail. */
export async function countRequestedSince(
  db: DbOrTx,
  userId: number,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        gt(dataExports.createdAt, since),
        ne(dataExports.status, 'failed'),
      ),
    );
  return Number(row?.count ?? 0);
}

export async function insertExport(tx: Tx, userId: number): Promise<DataExportRow> {
  const [row] = await tx.insert(dataExports).values({ userId }).returning();
  return row!;
}

export async function findExport(db: DbOrTx, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

export async function findExportForUpdate(tx: Tx, id: string): Promise<DataExportRow | undefined> {
  const [row] = await tx.select().from(dataExports).where(eq(dataExports.id, id)).for('update');
  return row;
}

/** The user's latest exports, newest first. */
export async function exportsOf(
  db: DbOrTx,
  userId: number,
  limit: number,
): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(limit);
}

/** An attempt takes the export over: building, from 0, into its own blob. */
export async function startAttempt(tx: Tx, id: string, blobKey: string): Promise<void> {
  await tx
    .update(dataExports)
    .set({ status: 'building', progress: 0, blobKey, sizeBytes: null })
    .where(eq(dataExports.id, id));
}

/** Moves progress forward while this attempt still owns the export. */
export async function writeProgress(
  db: DbOrTx,
  id: string,
  blobKey: string,
  progress: number,
): Promise<void> {
  await db
    .update(dataExports)
    .set({ progress })
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.blobKey, blobKey),
        eq(dataExports.status, 'building'),
        lt(dataExports.progress, progress),
      ),
    );
}

/** Ready, if this attempt still owns the export; answers the row it made ready. */
export async function markReady(
  tx: Tx,
  id: string,
  blobKey: string,
  done: { sizeBytes: number; readyAt: Date; expiresAt: Date },
): Promise<DataExportRow | undefined> {
  const [row] = await tx
    .update(dataExports)
    .set({ status: 'ready', progress: 100, ...done })
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.blobKey, blobKey),
        eq(dataExports.status, 'building'),
      ),
    )
    .returning();
  return row;
}

/** Failed, if this attempt still owns the export (its blob is the caller's to delete). */
export async function markFailed(db: DbOrTx, id: string, blobKey: string | null): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'failed', blobKey: null })
    .where(
      and(
        eq(dataExports.id, id),
        inArray(dataExports.status, ['pending', 'building']),
        blobKey === null ? sql`true` : eq(dataExports.blobKey, blobKey),
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** Exports whose archive is still stored but may no longer be downloaded. */
export async function expiredWithBlob(
  db: DbOrTx,
  now: Date,
  limit: number,
): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.status, 'ready'),
        isNotNull(dataExports.blobKey),
        lte(dataExports.expiresAt, now),
      ),
    )
    .limit(limit);
}

/** Exports pending or building since before `before`: their job is gone. */
export async function stuckSince(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(
      and(
        or(eq(dataExports.status, 'pending'), eq(dataExports.status, 'building')),
        lt(dataExports.createdAt, before),
      ),
    )
    .limit(limit);
}

/** Forgets the archive of an expired export once its blob is deleted. */
export async function forgetBlob(db: DbOrTx, id: string, blobKey: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ blobKey: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.blobKey, blobKey)));
}

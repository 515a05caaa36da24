import { eq, sql } from 'drizzle-orm';
import { streamEntries } from '../../../db/schema/index.ts';
import type { Tx } from '../../../platform/db/database.ts';

/**
 * Stream entries: a viewer's paid entry to a priced live stream (stream-entry.service.ts). Live
 * reads whether a viewer entered through the access module's stream facts.
 */

/** A viewer's paid entry; false when they had one already (nothing is written). */
export async function claimStreamEntry(
  tx: Tx,
  entry: { streamId: number; viewerId: number; transferId: number },
): Promise<boolean> {
  const rows = await tx
    .insert(streamEntries)
    .values(entry)
    .onConflictDoNothing()
    .returning({ streamId: streamEntries.streamId });
  return rows.length > 0;
}

/**
 * Serializes one viewer's entries to one stream for the rest of the transaction, so parallel
 * entries under different keys pay once.
 */
export async function lockStreamEntry(tx: Tx, streamId: number, viewerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${streamId}::int, ${viewerId}::int)`);
}

/** What a refunded or charged-back entry loses (purchase-reversals.ts). */
export async function deleteStreamEntryByTransfer(tx: Tx, transferId: number): Promise<void> {
  await tx.delete(streamEntries).where(eq(streamEntries.transferId, transferId));
}

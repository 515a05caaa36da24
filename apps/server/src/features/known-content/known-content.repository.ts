import { asc, eq, sql } from 'drizzle-orm';
import { hashBlocklist, mediaHashes } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { MATCH_DISTANCE, MIN_QUALITY } from '../../platform/media-tools/perceptual-hash/index.ts';

export interface StoredHash {
  hash: string;
  quality: number;
  atSecond: number;
}

/** 64 hex digits as the bit string literal PostgreSQL casts to bit(256). */
function bitsOf(hex: string): string {
  return [...hex].map((digit) => Number.parseInt(digit, 16).toString(2).padStart(4, '0')).join('');
}

/**
 * Replaces a story's hashes: a retried processing job writes the same rows again instead of
 * adding duplicates.
 */
export async function replaceStoryHashes(
  db: DbOrTx,
  storyId: number,
  hashes: StoredHash[],
): Promise<void> {
  await db.delete(mediaHashes).where(eq(mediaHashes.storyId, storyId));
  if (hashes.length > 0)
    await db.insert(mediaHashes).values(hashes.map((h) => ({ storyId, ...h })));
}

export function storyHashes(db: DbOrTx, storyId: number): Promise<StoredHash[]> {
  return db
    .select({
      hash: mediaHashes.hash,
      quality: mediaHashes.quality,
      atSecond: mediaHashes.atSecond,
    })
    .from(mediaHashes)
    .where(eq(mediaHashes.storyId, storyId))
    .orderBy(asc(mediaHashes.atSecond), asc(mediaHashes.id));
}

export interface BlocklistMatch {
  entryId: number;
  label: string;
  distance: number;
}

/** The closest usable listed hash within MATCH_DISTANCE of one of `hashes`, if any. */
export async function closestListed(
  db: DbOrTx,
  hashes: string[],
): Promise<BlocklistMatch | undefined> {
  let best: BlocklistMatch | undefined;
  for (const hash of hashes) {
    const distance = sql<number>`bit_count(${hashBlocklist.hash} # ${bitsOf(hash)}::bit(256))::int`;
    const [row] = await db
      .select({ entryId: hashBlocklist.id, label: hashBlocklist.label, distance })
      .from(hashBlocklist)
      .where(sql`${hashBlocklist.quality} >= ${MIN_QUALITY} and ${distance} <= ${MATCH_DISTANCE}`)
      .orderBy(distance, asc(hashBlocklist.id))
      .limit(1);
    if (row && (!best || row.distance < best.distance)) best = row;
  }
  return best;
}

export interface NewListedHash {
  hash: string;
  quality: number;
  sourceStoryId: number | null;
  label: string;
  addedBy: number | null;
}

export async function insertListed(db: DbOrTx, rows: NewListedHash[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(hashBlocklist).values(rows).returning({ id: hashBlocklist.id });
  return inserted.length;
}

export function listedHashes(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(hashBlocklist)
    .orderBy(sql`${hashBlocklist.id} desc`)
    .limit(limit);
}

export async function deleteListed(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(hashBlocklist)
    .where(eq(hashBlocklist.id, id))
    .returning({ id: hashBlocklist.id });
  return rows.length > 0;
}

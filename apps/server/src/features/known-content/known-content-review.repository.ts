import type { DbOrTx } from '../../platform/db/database.ts';
import { isUsableQuality } from '../../platform/media-tools/perceptual-hash/index.ts';
import { closestListed, storyHashes, type BlocklistMatch } from './known-content.repository.ts';

/** The listed hash a held story came nearest to (for the review list), if still listed. */
export async function closestToStory(
  db: DbOrTx,
  storyId: number,
): Promise<BlocklistMatch | undefined> {
  const hashes = await storyHashes(db, storyId);
  return closestListed(
    db,
    hashes.filter((h) => isUsableQuality(h.quality)).map((h) => h.hash),
  );
}

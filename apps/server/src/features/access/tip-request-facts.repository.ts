import { inArray } from 'drizzle-orm';
import { tipRequests } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { Viewer } from './permission.ts';

/** What the `tip_request.answer` rule decides on: who asked whom, and whether it is still open. */
export interface TipRequestFact {
  id: number;
  requesterId: number;
  targetId: number;
  pending: boolean;
}

export async function tipRequestFacts(
  db: DbOrTx,
  _viewer: Viewer,
  ids: number[],
): Promise<TipRequestFact[]> {
  const rows = await db
    .select({
      id: tipRequests.id,
      requesterId: tipRequests.requesterId,
      targetId: tipRequests.targetId,
      status: tipRequests.status,
    })
    .from(tipRequests)
    .where(inArray(tipRequests.id, ids));
  return rows.map(({ status, ...row }) => ({ ...row, pending: status === 'pending' }));
}

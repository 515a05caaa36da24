import { sql } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';

/** What deciding "may the viewer message this creator" needs (features/purchases sells it). */
export interface DirectMessageFact {
  id: number;
  verified: boolean;
  priceCents: number | null;
  turnedOff: boolean;
  /** The viewer holds an active subscription to the creator. */
  subscribed: boolean;
  /** The viewer bought direct messages to the creator (POST /api/users/{id}/buy-direct-message). */
  purchased: boolean;
}

async function directMessageFacts(
  db: DbOrTx,
  viewer: Viewer,
  ids: number[],
): Promise<DirectMessageFact[]> {
  const viewerId = viewer ?? 0;
  return db
    .select({
      id: users.id,
      verified: sql<boolean>`${users.verifyOndatoAt} is not null`,
      priceCents: users.directMessagePriceCents,
      turnedOff: users.directMessageTurnOff,
      // Written out with aliases: drizzle leaves columns unqualified in a select's sql, and an
      // unqualified "id" would name the subquery's own column.
      subscribed: sql<boolean>`exists (select 1 from subscriptions s where s.creator_id = "users"."id" and s.subscriber_id = ${viewerId} and s.expires_at > now())`,
      purchased: sql<boolean>`exists (select 1 from dm_purchases d where d.creator_id = "users"."id" and d.buyer_id = ${viewerId})`,
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.param(ids)}::int[])`);
}

/**
 * Whether the viewer may send the creator a direct message (the messaging feature asks this):
 * not when the creator turned messages off; freely when the creator does not charge (no price,
 * or not verified, so unable to charge); else with an active subscription or a purchase.
 */
export function decideDirectMessage(fact: DirectMessageFact, viewer: Viewer): Verdict {
  if (viewer === null) return 'hidden';
  if (fact.id === viewer || fact.turnedOff) return 'forbidden';
  const charges = fact.verified && (fact.priceCents ?? 0) > 0;
  if (!charges) return 'allow';
  return fact.subscribed || fact.purchased ? 'allow' : 'forbidden';
}

export const purchasePermissions = {
  /** Send a direct message to the user (a creator who may charge for it). */
  'dm.send': definePermission<number, DirectMessageFact>({
    load: directMessageFacts,
    idOf: (fact) => fact.id,
    decide: decideDirectMessage,
    refusals: {
      hidden: () => new AppError('user_not_found'),
      forbidden: () => new AppError('forbidden'),
    },
  }),
};

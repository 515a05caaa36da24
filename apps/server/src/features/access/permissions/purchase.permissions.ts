import { AppError } from '../../../platform/errors/app-error.ts';
import { partyFacts, type PartyFact } from '../chat-facts.repository.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';
import { directMessageRefusal } from './chat.permissions.ts';

/** What deciding "may the viewer message this creator" needs (features/purchases sells it). */
export type DirectMessageFact = PartyFact;

/**
 * Whether the viewer may send the user a text message now (the messaging feature asks this
 * through `assertMaySend`, which also says why not): never to someone who blocked the viewer
 * (hidden) or whom the viewer blocked, nor when messages are turned off; with
 * `directMessageSubscribersOnly` only active subscribers; freely when the creator does not
 * charge (no price, or not verified, so unable to charge); else with an active subscription or
 * a purchase. The rule itself is `directMessageRefusal` (chat.permissions.ts).
 */
export function decideDirectMessage(fact: DirectMessageFact, viewer: Viewer): Verdict {
  const refusal = directMessageRefusal(fact, viewer, 'text');
  if (refusal === null) return 'allow';
  return refusal === 'hidden' ? 'hidden' : 'forbidden';
}

export const purchasePermissions = {
  /** Send a direct message to the user (a creator who may charge for it). */
  'dm.send': definePermission<number, DirectMessageFact>({
    load: partyFacts,
    idOf: (fact) => fact.id,
    decide: decideDirectMessage,
    refusals: {
      hidden: () => new AppError('user_not_found'),
      forbidden: () => new AppError('forbidden'),
    },
  }),
};

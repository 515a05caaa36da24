import { AppError } from '../../../platform/errors/app-error.ts';
import { addresseeFacts, type AddresseeFact, type PartyFact } from '../chat-facts.repository.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';
import {
  directMessageRefusal,
  sendRefusalError,
  sendVerdict,
  type ChatMessageKind,
} from './chat.permissions.ts';
import { decideUserView } from './user.permissions.ts';

/** What deciding "may the viewer message this creator" needs (features/purchases sells it). */
export type DirectMessageFact = AddresseeFact;

/**
 * Whether the viewer may send the user a text message now (the messaging feature asks this
 * through `assertMaySend`, which also says why not): never to someone who blocked the viewer
 * (hidden) or whom the viewer blocked, nor when messages are turned off; with
 * `directMessageSubscribersOnly` only active subscribers; freely when the creator does not
 * charge (no price, or not verified, so unable to charge); else with an active subscription or
 * a purchase. The rule itself is `directMessageRefusal` (chat.permissions.ts).
 */
export function decideDirectMessage(fact: PartyFact, viewer: Viewer): Verdict {
  return sendVerdict(directMessageRefusal(fact, viewer, 'text'));
}

/** Opening the direct chat with a user is for whom the viewer may see (`user.view`). */
export function decideDirectOpen(fact: DirectMessageFact, viewer: Viewer): Verdict {
  return decideUserView(
    { id: fact.id, blocksViewer: fact.blockedByParty, accountHidden: fact.accountHidden },
    viewer,
  );
}

/** What `explainAccess` tells of a user as an addressee. */
export interface AddresseeSubject {
  userId: number;
  /** The viewer's direct chat with the user, once one was made. */
  directChatId: number | null;
  /** The viewer blocked the user (a companion card shows it). */
  blockedByViewer: boolean;
}

const addresseeSubject = (fact: DirectMessageFact): AddresseeSubject => ({
  userId: fact.id,
  directChatId: fact.directChatId,
  blockedByViewer: fact.viewerBlocked,
});

const userNotFound = () => new AppError('user_not_found');

/**
 * Send the user a message of `kind` by their id (their direct chat, made on first contact):
 * `explainAccess` answers the spec 8 error of a refusal, 404 `user_not_found` when hidden.
 */
function directSendPermission(kind: ChatMessageKind) {
  return definePermission<number, DirectMessageFact, AddresseeSubject>({
    load: addresseeFacts,
    idOf: (fact) => fact.id,
    decide: (fact, viewer) => sendVerdict(directMessageRefusal(fact, viewer, kind)),
    refusals: { hidden: userNotFound, forbidden: () => new AppError('forbidden') },
    explain: (fact, viewer) =>
      sendRefusalError(directMessageRefusal(fact, viewer, kind) ?? 'hidden', fact, userNotFound),
    describe: addresseeSubject,
  });
}

/** The `dm.send*` permission that judges a direct message of each kind. */
export const DIRECT_SEND_PERMISSION = {
  text: 'dm.send',
  story: 'dm.send.story',
  audio: 'dm.send.audio',
  user_tip: 'dm.send.tip',
  creator_tip: 'dm.send.tip_request',
} as const satisfies Record<ChatMessageKind, string>;

export const purchasePermissions = {
  /** Send a direct message to the user (a creator who may charge for it). */
  'dm.send': directSendPermission('text'),
  'dm.send.story': directSendPermission('story'),
  'dm.send.audio': directSendPermission('audio'),
  'dm.send.tip': directSendPermission('user_tip'),
  'dm.send.tip_request': directSendPermission('creator_tip'),
  /** Open (or make) the direct chat with a user: `user.view`'s rule, with the chat's id. */
  'dm.open': definePermission<number, DirectMessageFact, AddresseeSubject>({
    load: addresseeFacts,
    idOf: (fact) => fact.id,
    decide: decideDirectOpen,
    refusals: { hidden: userNotFound, forbidden: userNotFound },
    describe: addresseeSubject,
  }),
};

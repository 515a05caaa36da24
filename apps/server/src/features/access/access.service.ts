import type { DbContext } from '../../platform/context.ts';
import { storyContentFacts, type StoryContentFact } from './access.repository.ts';
import {
  addresseeFacts,
  chatFacts,
  partyFacts,
  partyOfUser,
  type AddresseeFact,
  type ChatFact,
  type PartyFact,
  type PartySettings,
  type ProfileFact,
} from './chat-facts.repository.ts';
import type { Permission, Verdict, Viewer } from './permission.ts';
import { streamFacts, type StreamFact } from './stream-facts.repository.ts';
import { permissions, type IdOf, type PermissionName } from './registry.ts';

export type { PermissionName } from './registry.ts';
export type { Viewer } from './permission.ts';
export type { AddresseeFact, ChatFact, PartyFact, ProfileFact } from './chat-facts.repository.ts';
export { profileFactColumns } from './chat-facts.repository.ts';
export {
  chargesForMessages,
  chatReadable,
  chatSendRefusal,
  directMessageRefusal,
  offersSubscription,
  type ChatMessageKind,
  type SendRefusal,
} from './permissions/chat.permissions.ts';
export { MESSAGE_AUDIO_KIND } from './permissions/media.permissions.ts';
export type { StreamFact } from './stream-facts.repository.ts';
export { streamNeedsPayment } from './permissions/stream.permissions.ts';

async function verdicts<Id extends number | string>(
  ctx: DbContext,
  viewer: Viewer,
  permission: Permission<Id, unknown>,
  ids: Iterable<Id>,
): Promise<Map<Id, Verdict>> {
  const unique = [...new Set(ids)];
  const result = new Map<Id, Verdict>(unique.map((id) => [id, 'hidden']));
  if (unique.length === 0) return result;
  for (const fact of await permission.load(ctx.db, viewer, unique)) {
    result.set(permission.idOf(fact), permission.decide(fact, viewer));
  }
  return result;
}

function lookup<P extends PermissionName>(name: P): Permission<IdOf<P>, unknown> {
  return permissions[name] as unknown as Permission<IdOf<P>, unknown>;
}

/**
 * Which of `ids` the viewer may act on under `permission`, from one batched query. Unknown ids
 * are simply not in the answer.
 */
export async function checkAccess<P extends PermissionName>(
  ctx: DbContext,
  viewer: Viewer,
  permission: P,
  ids: Iterable<IdOf<P>>,
): Promise<Set<IdOf<P>>> {
  const answer = await verdicts(ctx, viewer, lookup(permission), ids);
  return new Set([...answer].filter(([, verdict]) => verdict === 'allow').map(([id]) => id));
}

/**
 * Throws unless the viewer may act on every one of `ids`: the permission's not-found error when
 * any id is hidden from them (or missing), else its forbidden error.
 */
export async function requireAccess<P extends PermissionName>(
  ctx: DbContext,
  viewer: Viewer,
  permission: P,
  ids: Iterable<IdOf<P>>,
): Promise<void> {
  const definition = lookup(permission);
  const answer = [...(await verdicts(ctx, viewer, definition, ids)).values()];
  if (answer.includes('hidden')) throw definition.refusals.hidden();
  if (answer.includes('forbidden')) throw definition.refusals.forbidden();
}

/**
 * Whether the viewer may send `creatorId` a direct message: the creator does not charge for
 * them, or the viewer subscribes or bought them (permissions/purchase.permissions.ts).
 */
export async function mayDirectMessage(
  ctx: DbContext,
  viewer: Viewer,
  creatorId: number,
): Promise<boolean> {
  return (await checkAccess(ctx, viewer, 'dm.send', [creatorId])).has(creatorId);
}

/**
 * What `story.content` decides on for one story (owner, price, bought or subscribed by the
 * viewer), for purchases that need the price and the reason besides the verdict.
 */
export async function storyContentFact(
  ctx: DbContext,
  viewer: Viewer,
  storyId: number,
): Promise<StoryContentFact | undefined> {
  const [fact] = await storyContentFacts(ctx.db, viewer, [storyId]);
  return fact;
}

/**
 * What the `chat.*` rules decide on for one chat (its kind, the viewer's role, the other party's
 * settings and blocks), for messaging, which needs the reason of a refusal and the prices.
 */
export async function chatFact(
  ctx: DbContext,
  viewer: Viewer,
  chatId: number,
): Promise<ChatFact | undefined> {
  const [fact] = await chatFacts(ctx.db, viewer, [chatId]);
  return fact;
}

/** What `dm.send` decides on for one addressee, for the same reason. */
export async function partyFact(
  ctx: DbContext,
  viewer: Viewer,
  userId: number,
): Promise<PartyFact | undefined> {
  const [fact] = await partyFacts(ctx.db, viewer, [userId]);
  return fact;
}

/**
 * `requireAccess(ctx, viewer, 'user.view', [userId])`, then `partyFact` and the viewer's direct
 * chat with the user, in one query (sending a direct message and opening a chat ask all three):
 * the party row carries whether the user blocked the viewer, and `user.view`'s own rule judges
 * the UserFact made from it. Throws `user.view`'s refusals.
 */
export async function requireAddressee(
  ctx: DbContext,
  viewer: Viewer,
  userId: number,
): Promise<AddresseeFact> {
  const userView = permissions['user.view'];
  const [addressee] = await addresseeFacts(ctx.db, viewer, [userId]);
  const verdict = addressee
    ? userView.decide({ id: addressee.id, blocksViewer: addressee.blockedByParty }, viewer)
    : 'hidden';
  if (verdict === 'hidden') throw userView.refusals.hidden();
  if (verdict === 'forbidden') throw userView.refusals.forbidden();
  return addressee!;
}

/** What a public profile shows of the viewer's relation, as `judgeProfile` decided it. */
export interface ProfileVerdict {
  /** The viewer blocked the user. */
  isBlocked: boolean;
  /** The user's channel, when the viewer may read it (`chat.read`); else null. */
  channelId: number | null;
}

/**
 * `user.view` on a profile, then `chat.read` on its user's channel, judged by their own rules on
 * the facts the profile's statement read beside the row (`profileFactColumns`): one round trip
 * instead of a query per permission. Throws `user.view`'s refusals.
 */
export function judgeProfile(
  user: PartySettings,
  fact: ProfileFact,
  viewer: Viewer,
): ProfileVerdict {
  const userView = permissions['user.view'];
  const verdict = userView.decide({ id: user.id, blocksViewer: fact.blockedByParty }, viewer);
  if (verdict === 'hidden') throw userView.refusals.hidden();
  if (verdict === 'forbidden') throw userView.refusals.forbidden();
  const channel: ChatFact | null =
    fact.channelId === null
      ? null
      : {
          id: fact.channelId,
          kind: 'channel',
          ownerId: user.id,
          memberIds: null,
          viewerRole: fact.channelViewerRole,
          party: partyOfUser(user, fact),
          stream: null,
        };
  const readable = channel !== null && permissions['chat.read'].decide(channel, viewer) === 'allow';
  return { isBlocked: fact.viewerBlocked, channelId: readable ? channel.id : null };
}

/**
 * What the `stream.*` rules decide on for one stream (its audience, price, the viewer's entry
 * and relation to the creator), for live, which shows why a stream is not available.
 */
export async function streamFact(
  ctx: DbContext,
  viewer: Viewer,
  streamId: number,
): Promise<StreamFact | undefined> {
  const [fact] = await streamFacts(ctx.db, viewer, [streamId]);
  return fact;
}

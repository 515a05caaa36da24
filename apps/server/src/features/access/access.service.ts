import type { DbContext } from '../../platform/context.ts';
import {
  partyOfUser,
  type ChatFact,
  type PartySettings,
  type ProfileFact,
} from './chat-facts.repository.ts';
import type { Decision, Permission, Verdict, Viewer } from './permission.ts';
import { permissions, type IdOf, type PermissionName, type SubjectOf } from './registry.ts';

// The public face of access is index.ts; the facts readers and rules are this module's own.

async function verdicts<Id extends number | string>(
  ctx: DbContext,
  viewer: Viewer,
  permission: Permission<Id, unknown, unknown>,
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

function lookup<P extends PermissionName>(name: P): Permission<IdOf<P>, unknown, SubjectOf<P>> {
  return permissions[name] as unknown as Permission<IdOf<P>, unknown, SubjectOf<P>>;
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
 * The decision on one id with its reason: the verdict, the catalogued error a refusal throws
 * (the permission's own explanation when it has one: why a message may not go, what paying
 * would open), and what the permission describes of the subject (a chat's kind, a stream that
 * needs paying). One query, like `checkAccess`.
 */
export async function explainAccess<P extends PermissionName>(
  ctx: DbContext,
  viewer: Viewer,
  permission: P,
  id: IdOf<P>,
): Promise<Decision<SubjectOf<P>>> {
  const definition = lookup(permission);
  const [fact] = await definition.load(ctx.db, viewer, [id]);
  if (fact === undefined) {
    return {
      verdict: 'hidden',
      allowed: false,
      error: definition.refusals.hidden(),
      subject: undefined,
    };
  }
  const verdict = definition.decide(fact, viewer);
  const error =
    verdict === 'allow'
      ? null
      : (definition.explain?.(fact, viewer, verdict) ?? definition.refusals[verdict]());
  return {
    verdict,
    allowed: verdict === 'allow',
    error,
    subject: definition.describe?.(fact, viewer),
  };
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
 * instead of a query per permission (a profile is a hot path). Throws `user.view`'s refusals.
 */
export function judgeProfile(
  user: PartySettings,
  fact: ProfileFact,
  viewer: Viewer,
): ProfileVerdict {
  const userView = permissions['user.view'];
  const verdict = userView.decide(
    { id: user.id, blocksViewer: fact.blockedByParty, accountHidden: fact.accountHidden },
    viewer,
  );
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

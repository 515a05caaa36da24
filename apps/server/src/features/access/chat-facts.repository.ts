import { requestCountry } from '../../platform/http/request-country.ts';
import { geoBlocked } from './geo-blocked.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { ChatKind } from '../../db/schema/index.ts';
import { alias } from 'drizzle-orm/pg-core';
import { chatMembers, chats, messages, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { streamFactsByChat, type StreamFact } from './stream-facts.repository.ts';

/**
 * What messaging rules need to know about the other party of a conversation (a direct chat's
 * other member, a channel's owner, the addressee of a direct message), as seen by the viewer.
 */
export interface PartyFact {
  id: number;
  verified: boolean;
  /** The direct-message price (cents), when set. */
  priceCents: number | null;
  /** The monthly subscription price (cents), when set. */
  subscribePriceCents: number | null;
  turnedOff: boolean;
  subscribersOnly: boolean;
  /** The viewer holds an active subscription to the party. */
  subscribed: boolean;
  /** The viewer bought direct messages to the party. */
  purchased: boolean;
  /** The viewer follows the party. */
  follows: boolean;
  /** The viewer blocked the party. */
  viewerBlocked: boolean;
  /** The party blocked the viewer. */
  blockedByParty: boolean;
  /**
   * The party asked to delete their account, or it was erased (features/account-deletion): their
   * channel is gone and nobody sends them anything; direct chats with them stay readable.
   */
  accountHidden: boolean;
}

/** A chat and the viewer's relation to it, for the `chat.*` permissions. */
export interface ChatFact {
  id: number;
  kind: ChatKind;
  /** The channel's owner; null for a direct chat. */
  ownerId: number | null;
  /** A direct chat's members (lower id first); null for a channel. */
  memberIds: [number, number] | null;
  /** The viewer's chat_members row, if any. */
  viewerRole: 'owner' | 'member' | null;
  /** The channel's (or stream chat's) owner, or the direct chat's member who is not the viewer. */
  party: PartyFact;
  /** A stream chat's stream (its `stream.watch` facts); null for other chats. */
  stream: StreamFact | null;
}

const party = alias(users, 'party');

/**
 * The party columns for `party` (an alias of users) and a viewer. Written out with aliases:
 * drizzle leaves columns unqualified in a select's sql (docs/footguns.md).
 */
function partyColumns(viewerId: SQL) {
  return {
    partyId: party.id,
    verified: sql<boolean>`"party"."verify_ondato_at" is not null`,
    priceCents: party.directMessagePriceCents,
    subscribePriceCents: party.subscribePriceCents,
    turnedOff: party.directMessageTurnOff,
    subscribersOnly: party.directMessageSubscribersOnly,
    // Being deleted, or suspended (issue 29).
    accountHidden: sql<boolean>`("party"."deletion_requested_at" is not null or "party"."suspended_at" is not null)`,
    ...relationColumns(sql`"party"."id"`, viewerId),
  };
}

/** The viewer's relation to the party whose id is `partyId` (a qualified column). */
function relationColumns(partyId: SQL, viewerId: SQL) {
  return {
    subscribed: sql<boolean>`exists (select 1 from subscriptions s where s.creator_id = ${partyId} and s.subscriber_id = ${viewerId} and s.expires_at > now())`,
    purchased: sql<boolean>`exists (select 1 from dm_purchases d where d.creator_id = ${partyId} and d.buyer_id = ${viewerId})`,
    follows: sql<boolean>`exists (select 1 from follows f where f.creator_id = ${partyId} and f.follower_id = ${viewerId})`,
    viewerBlocked: sql<boolean>`exists (select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = ${partyId})`,
    // A block, or geo-blocking (issue 29): the party keeps the viewer's country out.
    blockedByParty: sql<boolean>`(exists (select 1 from user_blocks b where b.blocker_id = ${partyId} and b.blocked_id = ${viewerId})
      or ${geoBlocked(partyId, viewerId, countryPlaceholder)})`,
  };
}

type PartyRow = { partyId: number } & Omit<PartyFact, 'id'>;

function toParty(row: PartyRow): PartyFact {
  return {
    id: row.partyId,
    verified: row.verified,
    priceCents: row.priceCents,
    subscribePriceCents: row.subscribePriceCents,
    turnedOff: row.turnedOff,
    subscribersOnly: row.subscribersOnly,
    subscribed: row.subscribed,
    purchased: row.purchased,
    follows: row.follows,
    viewerBlocked: row.viewerBlocked,
    blockedByParty: row.blockedByParty,
    accountHidden: row.accountHidden,
  };
}

// Read before every message sent and every chat opened: prepared once per handle
// (platform/db/prepared.ts), with the viewer and the ids as placeholders. No user has id 0, so
// an anonymous viewer relates to nobody.
const viewerPlaceholder = sql`${sql.placeholder('viewer')}::int`;
const idsPlaceholder = sql`any(${sql.placeholder('ids')}::int[])`;
/** The request's country (geo-blocking): every statement built here takes it as `country`. */
const countryPlaceholder = sql`${sql.placeholder('country')}::text`;
/** The `country` placeholder's value for the current request ('' when unknown). */
export const countryParam = (): string => requestCountry() ?? '';

/** A party and the direct chat the viewer has with them: sending and opening a chat need both. */
export interface AddresseeFact extends PartyFact {
  /** The direct chat between the viewer and the party, once one was made. */
  directChatId: number | null;
}

/** Party facts with the viewer's direct chat with each party: one query. */
export async function addresseeFacts(
  db: DbOrTx,
  viewer: number | null,
  ids: number[],
): Promise<AddresseeFact[]> {
  const query = prepared(db, 'access_addressee_facts', (d) =>
    d
      .select({
        ...partyColumns(viewerPlaceholder),
        directChatId: sql<number | null>`(select c.id from chats c where c.kind = 'direct'
          and c.user_low_id = least("party"."id", ${viewerPlaceholder})
          and c.user_high_id = greatest("party"."id", ${viewerPlaceholder}))`,
      })
      .from(party)
      .where(sql`"party"."id" = ${idsPlaceholder}`)
      .prepare('access_addressee_facts'),
  );
  const rows = await query.execute({ viewer: viewer ?? 0, ids, country: countryParam() });
  return rows.map((row) => ({ ...toParty(row), directChatId: row.directChatId }));
}

/** Chat facts for one viewer: one query for any number of chat ids. */
export async function chatFacts(
  db: DbOrTx,
  viewer: number | null,
  ids: number[],
): Promise<ChatFact[]> {
  const query = prepared(db, 'access_chat_facts', (d) =>
    chatFactsQuery(d).prepare('access_chat_facts'),
  );
  const rows = await query.execute({ viewer: viewer ?? 0, ids, country: countryParam() });
  const streamChatIds = rows.filter((row) => row.kind === 'stream').map((row) => row.id);
  const streams = new Map(
    streamChatIds.length === 0
      ? []
      : (await streamFactsByChat(db, viewer, streamChatIds)).map((f) => [f.chatId!, f]),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    ownerId: row.ownerId,
    memberIds:
      row.userLowId !== null && row.userHighId !== null ? [row.userLowId, row.userHighId] : null,
    viewerRole: row.viewerRole,
    party: toParty(row),
    stream: streams.get(row.id) ?? null,
  }));
}

/** A message and the chat it is in, as the viewer sees that chat (`chat.message.delete`). */
export interface MessageFact {
  id: number;
  senderId: number;
  chat: ChatFact;
}

/** Messages by id with their chats' facts (two queries for any number of ids). */
export async function messageFacts(
  db: DbOrTx,
  viewer: number | null,
  ids: number[],
): Promise<MessageFact[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: messages.id, chatId: messages.chatId, senderId: messages.senderId })
    .from(messages)
    .where(sql`${messages.id} = any(${sql.param(ids)}::bigint[])`);
  const facts = await chatFacts(db, viewer, [...new Set(rows.map((row) => row.chatId))]);
  const byChat = new Map(facts.map((fact) => [fact.id, fact]));
  return rows.flatMap((row) => {
    const chat = byChat.get(row.chatId);
    return chat ? [{ id: Number(row.id), senderId: row.senderId, chat }] : [];
  });
}

function chatFactsQuery(db: DbOrTx) {
  // The other party: a channel's owner, or the member of a direct chat who is not the viewer
  // (the higher id for a viewer who is in neither place; such a chat is hidden anyway).
  const partyId = sql`case when ${chats.kind} <> 'direct' then ${chats.ownerId}
    when ${chats.userHighId} = ${viewerPlaceholder} then ${chats.userLowId} else ${chats.userHighId} end`;
  return db
    .select({
      id: chats.id,
      kind: chats.kind,
      ownerId: chats.ownerId,
      userLowId: chats.userLowId,
      userHighId: chats.userHighId,
      viewerRole: chatMembers.role,
      ...partyColumns(viewerPlaceholder),
    })
    .from(chats)
    .innerJoin(party, sql`"party"."id" = ${partyId}`)
    .leftJoin(
      chatMembers,
      sql`${chatMembers.chatId} = ${chats.id} and ${chatMembers.userId} = ${viewerPlaceholder}`,
    )
    .where(sql`${chats.id} = ${idsPlaceholder}`);
}

/**
 * What a public profile's decisions need besides the user row: the viewer's relation to the user
 * (blocks either way, follow, subscription, purchase) and the user's channel with the viewer's
 * role in it. Read as columns of the profile's own statement (features/users), so the profile is
 * one round trip; `judgeProfile` in access.service.ts decides on them.
 */
export interface ProfileFact extends Omit<
  PartyFact,
  'id' | 'verified' | 'priceCents' | 'subscribePriceCents' | 'turnedOff' | 'subscribersOnly'
> {
  /** The user's broadcast channel (every user has one, made with the account). */
  channelId: number | null;
  /** The viewer's chat_members row in that channel, if any. */
  channelViewerRole: 'owner' | 'member' | null;
}

/**
 * The columns of a ProfileFact for the outer `"users"` row of a select, for `viewerId` (a value
 * or a placeholder, cast to int here).
 */
export function profileFactColumns(viewerId: number | ReturnType<typeof sql.placeholder>) {
  const viewer = sql`${viewerId}::int`;
  return {
    ...relationColumns(sql`"users"."id"`, viewer),
    accountHidden: sql<boolean>`("users"."deletion_requested_at" is not null or "users"."suspended_at" is not null)`,
    channelId: sql<
      number | null
    >`(select c.id from chats c where c.kind = 'channel' and c.owner_id = "users"."id")`,
    channelViewerRole: sql<'owner' | 'member' | null>`(select m.role from chats c
      join chat_members m on m.chat_id = c.id and m.user_id = ${viewer}
      where c.kind = 'channel' and c.owner_id = "users"."id")`,
  };
}

/** The user settings a PartyFact carries, as the users row holds them. */
export interface PartySettings {
  id: number;
  verifyOndatoAt: Date | null;
  directMessagePriceCents: number | null;
  subscribePriceCents: number | null;
  directMessageTurnOff: boolean;
  directMessageSubscribersOnly: boolean;
}

/** A PartyFact from a users row and the viewer's relation to it (what `partyFacts` reads). */
export function partyOfUser(user: PartySettings, relation: ProfileFact): PartyFact {
  return {
    id: user.id,
    verified: user.verifyOndatoAt !== null,
    priceCents: user.directMessagePriceCents,
    subscribePriceCents: user.subscribePriceCents,
    turnedOff: user.directMessageTurnOff,
    subscribersOnly: user.directMessageSubscribersOnly,
    subscribed: relation.subscribed,
    purchased: relation.purchased,
    follows: relation.follows,
    viewerBlocked: relation.viewerBlocked,
    blockedByParty: relation.blockedByParty,
    accountHidden: relation.accountHidden,
  };
}

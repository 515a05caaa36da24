import { sql, type SQL } from 'drizzle-orm';
import type { ChatKind } from '../../db/schema/index.ts';
import { alias } from 'drizzle-orm/pg-core';
import { chatMembers, chats, users } from '../../db/schema/index.ts';
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
    subscribed: sql<boolean>`exists (select 1 from subscriptions s where s.creator_id = "party"."id" and s.subscriber_id = ${viewerId} and s.expires_at > now())`,
    purchased: sql<boolean>`exists (select 1 from dm_purchases d where d.creator_id = "party"."id" and d.buyer_id = ${viewerId})`,
    follows: sql<boolean>`exists (select 1 from follows f where f.creator_id = "party"."id" and f.follower_id = ${viewerId})`,
    viewerBlocked: sql<boolean>`exists (select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = "party"."id")`,
    blockedByParty: sql<boolean>`exists (select 1 from user_blocks b where b.blocker_id = "party"."id" and b.blocked_id = ${viewerId})`,
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
  };
}

// Read before every message sent and every chat opened: prepared once per handle
// (platform/db/prepared.ts), with the viewer and the ids as placeholders. No user has id 0, so
// an anonymous viewer relates to nobody.
const viewerPlaceholder = sql`${sql.placeholder('viewer')}::int`;
const idsPlaceholder = sql`any(${sql.placeholder('ids')}::int[])`;

/** Party facts of users (by id) for one viewer: one query. */
export async function partyFacts(
  db: DbOrTx,
  viewer: number | null,
  ids: number[],
): Promise<PartyFact[]> {
  const query = prepared(db, 'access_party_facts', (d) =>
    d
      .select(partyColumns(viewerPlaceholder))
      .from(party)
      .where(sql`"party"."id" = ${idsPlaceholder}`)
      .prepare('access_party_facts'),
  );
  const rows = await query.execute({ viewer: viewer ?? 0, ids });
  return rows.map(toParty);
}

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
  const rows = await query.execute({ viewer: viewer ?? 0, ids });
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
  const rows = await query.execute({ viewer: viewer ?? 0, ids });
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

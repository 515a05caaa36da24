import { countryLiteral, geoBlocked } from './geo-blocked.ts';
import { sql } from 'drizzle-orm';
import type { StreamAudience, StreamStatus } from '@glimpse/contract';
import type { DbOrTx } from '../../platform/db/database.ts';

/** What the `stream.*` rules decide on: the stream and the viewer's relation to its creator. */
export interface StreamFact {
  id: number;
  creatorId: number;
  status: StreamStatus;
  audience: StreamAudience;
  priceCents: number | null;
  chatId: number | null;
  /** The creator blocked the viewer (the same fact `user.view` hides a profile by). */
  blocksViewer: boolean;
  /** The creator's account is being deleted (the same fact `user.view` hides a profile by). */
  creatorHidden: boolean;
  follows: boolean;
  /** The viewer holds an active subscription to the creator. */
  subscribed: boolean;
  /** The viewer paid the stream's entry (stream_entries). */
  entered: boolean;
}

type StreamFactRow = Omit<StreamFact, 'priceCents' | 'creatorId' | 'chatId'> & {
  creator_id: number;
  price_cents: number | null;
  chat_id: number | null;
};

function toFact(row: StreamFactRow): StreamFact {
  return {
    id: row.id,
    creatorId: row.creator_id,
    status: row.status,
    audience: row.audience,
    priceCents: row.price_cents,
    chatId: row.chat_id,
    blocksViewer: Boolean(row.blocksViewer),
    creatorHidden: Boolean(row.creatorHidden),
    follows: Boolean(row.follows),
    subscribed: Boolean(row.subscribed),
    entered: Boolean(row.entered),
  };
}

/**
 * The facts of streams for one viewer in one query, by stream id or by the stream's chat id
 * (a stream chat is read by who may watch its stream).
 */
async function streamFactsWhere(
  db: DbOrTx,
  viewer: number | null,
  column: 'id' | 'chat_id',
  ids: number[],
): Promise<StreamFact[]> {
  const v = viewer ?? 0;
  const result = await db.execute<StreamFactRow>(sql`
    select st.id, st.creator_id, st.status, st.audience, st.price_cents, st.chat_id,
      (exists (select 1 from user_blocks b where b.blocker_id = st.creator_id and b.blocked_id = ${v})
        or ${geoBlocked(sql`st.creator_id`, v, countryLiteral())}) as "blocksViewer",
      -- Hidden from all but its creator: the creator's account is being deleted or suspended,
      -- or a moderator took the stream down (issue 29).
      (st.taken_down_at is not null or exists (select 1 from users h where h.id = st.creator_id
        and (h.deletion_requested_at is not null or h.suspended_at is not null))) as "creatorHidden",
      exists (select 1 from follows f where f.creator_id = st.creator_id and f.follower_id = ${v}) as follows,
      exists (select 1 from subscriptions s where s.creator_id = st.creator_id and s.subscriber_id = ${v} and s.expires_at > now()) as subscribed,
      exists (select 1 from stream_entries e where e.stream_id = st.id and e.viewer_id = ${v}) as entered
    from streams st
    where st.${sql.raw(column)} = any(${sql.param(ids)}::int[])`);
  return result.rows.map(toFact);
}

export function streamFacts(db: DbOrTx, viewer: number | null, ids: number[]) {
  return streamFactsWhere(db, viewer, 'id', ids);
}

export function streamFactsByChat(db: DbOrTx, viewer: number | null, chatIds: number[]) {
  return streamFactsWhere(db, viewer, 'chat_id', chatIds);
}

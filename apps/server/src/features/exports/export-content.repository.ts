import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';

/**
 * What a data export holds, read straight from the shared schema (SQL only). Every query is
 * keyed on the exporting user as author, sender, buyer or owner: rows other people wrote (their
 * messages, their tips' notes, who bought from the user) are never selected.
 */

type Value = string | number | boolean | null | Date | Record<string, unknown> | unknown[];
type Row = Record<string, Value>;

const iso = (value: Value | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();
const num = (value: Value | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

async function rows(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await db.execute<Row>(query)).rows;
}

export interface ExportProfile {
  profile: Record<string, unknown>;
  email: string;
  name: string;
  avatarKey: string | null;
  avatarContentType: string | null;
}

export async function profileOf(db: DbOrTx, userId: number): Promise<ExportProfile | undefined> {
  const [user] = await rows(
    db,
    sql`
    select u.id, u.slug, u.name, u.email, u.email_verified_at, u.birthdate, u.sex, u.country_code,
      u.bio, u.language, u.avatar_key, m.content_type as avatar_content_type,
      u.verify_ondato_at, u.on_holiday_mood, u.subscribe_price_cents, u.benefits_list, u.bundles,
      u.direct_message_price_cents, u.direct_message_turn_off, u.direct_message_subscribers_only,
      u.terms_version, u.terms_accepted_at, u.adult_confirmed_at, u.created_at,
      coalesce((select array_agg(t.title order by t.title) from user_tags ut
        join tags t on t.id = ut.tag_id where ut.user_id = u.id), '{}') as tags
    from users u left join media_objects m on m.key = u.avatar_key
    where u.id = ${userId}`,
  );
  if (!user) return undefined;
  return {
    email: String(user.email),
    name: String(user.name),
    avatarKey: user.avatar_key === null ? null : String(user.avatar_key),
    avatarContentType: user.avatar_content_type === null ? null : String(user.avatar_content_type),
    profile: {
      id: user.id,
      handle: user.slug,
      name: user.name,
      email: user.email,
      email_confirmed_at: iso(user.email_verified_at),
      birthdate: String(user.birthdate).slice(0, 10),
      sex: user.sex,
      country_code: user.country_code,
      bio: user.bio,
      language: user.language,
      tags: user.tags,
      identity_verified_at: iso(user.verify_ondato_at),
      on_holiday: user.on_holiday_mood,
      subscription_price_cents: num(user.subscribe_price_cents),
      subscription_benefits: user.benefits_list,
      subscription_bundles: user.bundles,
      direct_message_price_cents: num(user.direct_message_price_cents),
      direct_messages_off: user.direct_message_turn_off,
      direct_messages_subscribers_only: user.direct_message_subscribers_only,
      terms_version: user.terms_version,
      terms_accepted_at: iso(user.terms_accepted_at),
      adult_confirmed_at: iso(user.adult_confirmed_at),
      signed_up_at: iso(user.created_at),
    },
  };
}

export interface ExportStory {
  id: number;
  /** The uploaded original, the user's own file. */
  sourceKey: string;
  sourceContentType: string;
  entry: Record<string, unknown>;
}

/** Every story the user posted, in any state, oldest first (deleted ones are gone). */
export async function storiesOf(db: DbOrTx, userId: number): Promise<ExportStory[]> {
  const result = await rows(
    db,
    sql`
    select id, text, tags, price_cents, is_video, status, audience, source_key,
      source_content_type, duration_seconds, muted, width, height, view_count, created_at
    from stories where user_id = ${userId} order by id`,
  );
  return result.map((story) => ({
    id: Number(story.id),
    sourceKey: String(story.source_key),
    sourceContentType: String(story.source_content_type),
    entry: {
      id: Number(story.id),
      text: story.text,
      tags: story.tags,
      price_cents: num(story.price_cents),
      is_video: story.is_video,
      status: story.status,
      audience: story.audience,
      duration_seconds: num(story.duration_seconds),
      muted: story.muted,
      width: num(story.width),
      height: num(story.height),
      views: num(story.view_count),
      posted_at: iso(story.created_at),
    },
  }));
}

export interface ExportMessage {
  id: number;
  audioKey: string | null;
  entry: Record<string, unknown>;
}

/**
 * The messages the user sent, oldest first, each with its chat and who it went to (the other
 * member of a direct chat, or the owner of the channel or stream), by public handle.
 */
export async function messagesSentBy(db: DbOrTx, userId: number): Promise<ExportMessage[]> {
  const result = await rows(
    db,
    sql`
    select m.id, m.chat_id, c.kind as chat_kind, m.type, m.body, m.story_id, m.tip_id,
      m.audio_key, m.audio_duration_seconds, m.meta->'story_reply'->>'story_id' as reply_story_id,
      m.deleted_at, m.created_at, other.slug as other_handle
    from messages m
    join chats c on c.id = m.chat_id
    left join users other on other.id = case
      when c.kind = 'direct' and c.user_low_id = m.sender_id then c.user_high_id
      when c.kind = 'direct' then c.user_low_id
      else c.owner_id end
    where m.sender_id = ${userId}
    order by m.id`,
  );
  return result.map((message) => ({
    id: Number(message.id),
    audioKey: message.deleted_at === null && message.audio_key ? String(message.audio_key) : null,
    entry: {
      id: Number(message.id),
      chat: {
        id: Number(message.chat_id),
        kind: message.chat_kind,
        // A channel or stream of the user's own names nobody else.
        with: message.other_handle === null ? null : message.other_handle,
      },
      type: message.type,
      text: message.body,
      story_id: num(message.story_id),
      reply_to_story_id: num(message.reply_story_id),
      tip_id: num(message.tip_id),
      audio_seconds: num(message.audio_duration_seconds),
      deleted_at: iso(message.deleted_at),
      sent_at: iso(message.created_at),
    },
  }));
}

/** What the user bought: story unlocks, direct-message access, stream entries, top-ups, payouts. */
export async function purchasesOf(db: DbOrTx, userId: number): Promise<Record<string, unknown>> {
  const [unlocks, directMessages, streamEntries, topUps, payouts] = await Promise.all([
    rows(
      db,
      sql`
      select su.story_id, su.price_cents, su.created_at, u.slug as creator
      from story_unlocks su join stories s on s.id = su.story_id join users u on u.id = s.user_id
      where su.user_id = ${userId} order by su.created_at`,
    ),
    rows(
      db,
      sql`
      select d.price_cents, d.created_at, u.slug as creator
      from dm_purchases d join users u on u.id = d.creator_id
      where d.buyer_id = ${userId} order by d.created_at`,
    ),
    rows(
      db,
      sql`
      select e.stream_id, e.created_at, u.slug as creator, s.price_cents
      from stream_entries e join streams s on s.id = e.stream_id join users u on u.id = s.creator_id
      where e.viewer_id = ${userId} order by e.created_at`,
    ),
    rows(
      db,
      sql`
      select amount_cents, currency, provider, status, reversed_cents, created_at, completed_at
      from payment_checkouts where user_id = ${userId} order by id`,
    ),
    rows(
      db,
      sql`
      select amount_cents, currency, provider, status, created_at, settled_at
      from payouts where user_id = ${userId} order by id`,
    ),
  ]);
  return {
    story_unlocks: unlocks.map((row) => ({
      story_id: num(row.story_id),
      creator: row.creator,
      price_cents: num(row.price_cents),
      bought_at: iso(row.created_at),
    })),
    direct_message_access: directMessages.map((row) => ({
      creator: row.creator,
      price_cents: num(row.price_cents),
      bought_at: iso(row.created_at),
    })),
    stream_entries: streamEntries.map((row) => ({
      stream_id: num(row.stream_id),
      creator: row.creator,
      price_cents: num(row.price_cents),
      bought_at: iso(row.created_at),
    })),
    top_ups: topUps.map((row) => ({
      amount_cents: num(row.amount_cents),
      currency: row.currency,
      provider: row.provider,
      status: row.status,
      refunded_cents: num(row.reversed_cents),
      started_at: iso(row.created_at),
      completed_at: iso(row.completed_at),
    })),
    payouts: payouts.map((row) => ({
      amount_cents: num(row.amount_cents),
      currency: row.currency,
      provider: row.provider,
      status: row.status,
      requested_at: iso(row.created_at),
      settled_at: iso(row.settled_at),
    })),
  };
}

/**
 * Tips the user sent (with the note they wrote) and tips they received: those only as amounts,
 * since who tipped and what they wrote is the tipper's.
 */
export async function tipsOf(db: DbOrTx, userId: number): Promise<Record<string, unknown>> {
  const [sent, received] = await Promise.all([
    rows(
      db,
      sql`
      select t.story_id, t.amount_cents, t.message, t.created_at, u.slug as creator
      from tips t join users u on u.id = t.creator_id
      where t.tipper_id = ${userId} order by t.id`,
    ),
    rows(
      db,
      sql`select story_id, amount_cents, created_at from tips where creator_id = ${userId} order by id`,
    ),
  ]);
  return {
    sent: sent.map((row) => ({
      creator: row.creator,
      story_id: num(row.story_id),
      amount_cents: num(row.amount_cents),
      note: row.message,
      sent_at: iso(row.created_at),
    })),
    received: received.map((row) => ({
      story_id: num(row.story_id),
      amount_cents: num(row.amount_cents),
      received_at: iso(row.created_at),
    })),
  };
}

/** The subscription periods the user paid for, oldest first. */
export async function subscriptionsOf(db: DbOrTx, userId: number): Promise<unknown[]> {
  const result = await rows(
    db,
    sql`
    select u.slug as creator, s.starts_at, s.expires_at, s.period_months, s.price_cents, s.renews
    from subscriptions s join users u on u.id = s.creator_id
    where s.subscriber_id = ${userId} order by s.id`,
  );
  return result.map((row) => ({
    creator: row.creator,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.expires_at),
    period_months: num(row.period_months),
    price_cents: num(row.price_cents),
    renews: row.renews,
  }));
}

/**
 * The user's ledger accounts (balances) and every entry on them, oldest first. A transfer's
 * memo keeps what concerns the user; the payer of a creator's earning is left out.
 */
export async function ledgerOf(db: DbOrTx, userId: number): Promise<Record<string, unknown>> {
  const [accounts, entries] = await Promise.all([
    rows(
      db,
      sql`
      select kind, currency, sum(balance_cents) as balance from ledger_accounts
      where owner_id = ${userId} group by kind, currency order by kind, currency`,
    ),
    rows(
      db,
      sql`
      select e.id, a.kind as account, a.currency, e.amount_cents, t.id as transfer_id,
        t.kind as transfer_kind, t.reverses_id, t.created_at,
        (t.memo->>'storyId')::int as story_id, (t.memo->>'streamId')::int as stream_id,
        t.memo->>'provider' as provider, cu.slug as creator
      from ledger_accounts a
      join ledger_entries e on e.account_id = a.id
      join ledger_transfers t on t.id = e.transfer_id
      left join users cu on cu.id = (t.memo->>'creatorId')::int
      where a.owner_id = ${userId}
      order by e.id`,
    ),
  ]);
  return {
    accounts: accounts.map((row) => ({
      kind: row.kind,
      currency: row.currency,
      balance_cents: num(row.balance),
    })),
    entries: entries.map((row) => ({
      id: num(row.id),
      account: row.account,
      currency: row.currency,
      amount_cents: num(row.amount_cents),
      transfer: {
        id: num(row.transfer_id),
        kind: row.transfer_kind,
        reverses: num(row.reverses_id),
        story_id: num(row.story_id),
        stream_id: num(row.stream_id),
        creator: row.creator,
        provider: row.provider,
      },
      at: iso(row.created_at),
    })),
  };
}

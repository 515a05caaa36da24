import { requestCountry } from '../../platform/http/request-country.ts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { namedStatement } from '../../platform/db/prepared.ts';

/** One profile found, with where it sits in the order (`rank` for the trigram search). */
export interface SearchRow {
  id: number;
  slug: string;
  name: string;
  avatar_key: string | null;
  verified: boolean;
  rank: number | null;
  tag: string | null;
}

/**
 * How close a name must be for the trigram search: pg_trgm's `word_similarity` of the text to the
 * best-matching run of words in the name or handle. "Ana Rivra" is 0.5 from "Anna Rivera", a
 * three-letter prefix of a word 0.75; 0.45 leaves room for one more slip.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

/**
 * The rank is `tier * TIER_STEP + (1000 - similarity * 1000)`, lower first, so a tier always comes
 * before the next whatever the similarity, and the rank is an integer a cursor can carry exactly.
 * Tiers: 0 the whole name or handle, 1 the name or handle starts with the text, 2 a word of the
 * name or handle does, 3 similar (typos), 4 found only by a tag of theirs.
 */
export const TIER_STEP = 2000;

const value = (key: string, type: string) => sql`${sql.placeholder(key)}::${sql.raw(type)}`;

/** Neither blocked the other (home's rule: a block keeps the pair off each other's lists). */
/**
 * The user did not block the viewer's country (issue 29, geo-blocking): neither the request's
 * (`country`, from the client address; '' when unknown) nor the viewer's profile country.
 */
const notGeoBlocked = (id: ReturnType<typeof sql.raw>) =>
  sql`not exists (select 1 from users gb where gb.id = ${id} and cardinality(gb.blocked_countries) > 0
    and (${value('country', 'text')} = any(gb.blocked_countries)
      or exists (select 1 from users gp where gp.id = ${value('viewer', 'int')} and gp.country_code = any(gb.blocked_countries))))`;

const visibleToViewer = (id: ReturnType<typeof sql.raw>) => sql`${id} <> ${value('viewer', 'int')}
    and ${notGeoBlocked(id)}
    and not exists (select 1 from user_blocks b where b.blocker_id = ${id} and b.blocked_id = ${value('viewer', 'int')})
    and not exists (select 1 from user_blocks b where b.blocker_id = ${value('viewer', 'int')} and b.blocked_id = ${id})`;

// A text of one or two characters says little a trigram can use: handles starting with it, in
// handle order, straight from the handle's unique index (a range scan that stops at the page).
export const byHandlePrefixSql = sql`select u.id, u.slug, u.name, u.avatar_key, u.verify_ondato_at is not null as verified,
      null::int as rank, null::text as tag
    from users u
    where u.slug >= ${value('from', 'text')} and u.slug < ${value('to', 'text')}
      and u.slug > ${value('after', 'text')}
      and ${visibleToViewer(sql.raw('u.id'))}
      and u.deletion_requested_at is null and u.suspended_at is null
    order by u.slug
    limit ${value('limit', 'int')}`;
const byHandlePrefixStatement = namedStatement<SearchRow>(
  'search_by_handle_prefix',
  byHandlePrefixSql,
);

export interface HandlePrefixSearch {
  viewerId: number;
  from: string;
  to: string;
  /** The last handle of the previous page ('' for the first). */
  after: string;
  limit: number;
}

/** The values of a search's statement, by placeholder name (the bench explains it with them). */
export function statementValues(search: HandlePrefixSearch | TrigramSearch) {
  return { ...search, viewer: search.viewerId, country: requestCountry() ?? '' };
}

export function searchByHandlePrefix(db: DbOrTx, search: HandlePrefixSearch): Promise<SearchRow[]> {
  return byHandlePrefixStatement(db, statementValues(search));
}

const text = value('text', 'text');
const handle = value('handle', 'text');
const textLike = value('textLike', 'text');
const handleLike = value('handleLike', 'text');

const viewer = value('viewer', 'int');
const after = sql`(${value('afterRank', 'int')}, ${value('afterId', 'int')})`;
const limit = value('limit', 'int');

// Candidates come only from the trigram indexes (`<%` on name and handle, users_*_trgm_idx) and
// the tag tables, so no query reads every user. Name matches rank in tiers 0-3 and tag matches
// in tier 4, so each kind is cut to a page on its own (after the cursor, without the viewer and
// the block partners, found once in `partners`), and the page is the best of the two; a user
// found by name is not found by a tag again, and one with several matching tags keeps the best.
// Only the page's rows are read for their columns. `handle` and its patterns are null when the
// text has no handle form (nothing then matches them). Accounts being deleted are never found
// (features/account-deletion).
export const byTrigramsSql = sql`with partners as (
      select blocked_id as id from user_blocks where blocker_id = ${viewer}
      union
      select blocker_id from user_blocks where blocked_id = ${viewer}
    ), name_hits as (
      select u.id, null::text as tag,
        (case
          when lower(u.name) = ${text} or u.slug = ${handle} then 0
          when lower(u.name) like ${textLike} || '%' or u.slug like ${handleLike} || '%' then 1
          when lower(u.name) like '% ' || ${textLike} || '%'
            or u.slug like '%-' || ${handleLike} || '%' then 2
          else 3 end) * ${sql.raw(String(TIER_STEP))}
        + 1000 - round(1000 * greatest(word_similarity(${text}, u.name),
            word_similarity(${handle}, u.slug)))::int as rank
      from users u
      where (${text} <% u.name or ${handle} <% u.slug) and u.deletion_requested_at is null
        and u.suspended_at is null
    ), name_page as (
      select id, tag, rank from name_hits
      where (rank, id) > ${after} and id <> ${viewer} and id not in (select id from partners)
        and ${notGeoBlocked(sql.raw('id'))}
      order by rank, id
      limit ${limit}
    ), tag_hits as (
      select distinct on (ut.user_id) ut.user_id as id, t.title as tag,
        4 * ${sql.raw(String(TIER_STEP))} + 1000 - round(1000 * t.score)::int as rank
      from (
        select id, title, word_similarity(${text}, title) as score from tags
        where ${value('withTags', 'boolean')} and ${text} <% title
      ) t
      join user_tags ut on ut.tag_id = t.id
      order by ut.user_id, t.score desc, t.title
    ), tag_page as (
      select id, tag, rank from tag_hits
      where (rank, id) > ${after} and id <> ${viewer} and id not in (select id from partners)
        and ${notGeoBlocked(sql.raw('id'))}
        and id not in (select id from name_hits)
        and not exists (select 1 from users h where h.id = tag_hits.id and (h.deletion_requested_at is not null or h.suspended_at is not null))
      order by rank, id
      limit ${limit}
    ), page as (
      select * from name_page union all select * from tag_page
      order by rank, id
      limit ${limit}
    )
    select u.id, u.slug, u.name, u.avatar_key, u.verify_ondato_at is not null as verified,
      p.rank, p.tag
    from page p join users u on u.id = p.id
    order by p.rank, p.id`;
const byTrigramsStatement = namedStatement<SearchRow>('search_by_trigrams', byTrigramsSql);

export interface TrigramSearch {
  viewerId: number;
  text: string;
  /** The handle form, or null when the text has none. */
  handle: string | null;
  /** LIKE patterns of the two, their `%`, `_` and `\` escaped. */
  textLike: string;
  handleLike: string | null;
  /** Tags are matched from three characters on (shorter ones are a prefix of too many). */
  withTags: boolean;
  afterRank: number;
  afterId: number;
  limit: number;
}

/**
 * The settings the trigram search runs with, for its transaction only (`set_config(..., true)`):
 * pg_trgm's threshold, which the `<%` operators read inside the index as well, whatever the
 * server's default; and no sequential scans, because pg_trgm estimates every `<%` at a fixed
 * guess, and with it the planner sometimes chose to read all users (4 s at 100,000 on PGlite)
 * over the trigram indexes (bench/search).
 */
export const searchSettings = sql`select
  set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true),
  set_config('enable_seqscan', 'off', true)`;

/** The trigram search, in a transaction with `searchSettings`. */
export function searchByTrigrams(db: Db, search: TrigramSearch): Promise<SearchRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(searchSettings);
    return byTrigramsStatement(tx, statementValues(search));
  });
}

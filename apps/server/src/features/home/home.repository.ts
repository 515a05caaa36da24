import { requestCountry } from '../../platform/http/request-country.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { HomeFilter, HomeSection } from '@glimpse/contract';

export type HomeRow = {
  id: number;
  slug: string;
  name: string;
  avatar_key: string | null;
  story_count: number;
  order: number;
  verified: boolean;
  has_unwatched: boolean;
  subscribed: boolean;
  /** The creator's live stream the viewer may see (audience), if any. */
  stream_id: number | null;
  stream_title: string | null;
  stream_viewers: number | null;
};

/** Stories (creators with ready stories) or streams (creators live now). */
export type HomeList = 'stories' | 'streams';

/** The birthdate bounds for an age range on a given day (UTC): age in [min, max]. */
export function birthdateBounds(
  ageMin: number,
  ageMax: number,
  today = new Date(),
): { latest: string; earliestExclusive: string } {
  const shift = (years: number) =>
    new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()))
      .toISOString()
      .slice(0, 10);
  return { latest: shift(ageMin), earliestExclusive: shift(ageMax + 1) };
}

/**
 * The values of one section query: each is either the value itself or a `sql.placeholder` for
 * it, so the same builder writes the one-off query and the SQL text shared by every request of
 * the same shape (`sectionStatement`).
 */
export interface SectionParams {
  viewerId: unknown;
  /** The request's country ('' when unknown), for geo-blocking. */
  viewerCountry: unknown;
  latest: unknown;
  earliestExclusive: unknown;
  genders: unknown[];
  tags: unknown[];
  categories: unknown[];
  countries: unknown[];
  limit: unknown;
  offset: unknown;
  /** offset + limit: how many rows of each kind Discover's walk may need (discoverStoriesSql). */
  window: unknown;
}

export function sectionParams(
  viewerId: number,
  filter: HomeFilter,
  paging: { limit: number; offset: number },
): SectionParams {
  const { latest, earliestExclusive } = birthdateBounds(filter.ageMin, filter.ageMax);
  return {
    viewerId,
    viewerCountry: requestCountry() ?? '',
    latest,
    earliestExclusive,
    genders: filter.genders,
    tags: filter.tags,
    categories: filter.categories,
    countries: filter.countries,
    limit: paging.limit,
    offset: paging.offset,
    window: paging.offset + paging.limit,
  };
}

const list = (values: unknown[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function activeSubscription(viewerId: unknown): SQL {
  return sql`exists (select 1 from subscriptions sub where sub.subscriber_id = ${viewerId} and sub.creator_id = u.id and sub.expires_at > now())`;
}

function follows(viewerId: unknown): SQL {
  return sql`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.creator_id = u.id)`;
}

/** Neither blocked the other: a block keeps the pair off each other's home lists both ways. */
function noBlockEitherWay(viewerId: unknown): SQL {
  return sql`not exists (select 1 from user_blocks b where b.blocker_id = u.id and b.blocked_id = ${viewerId})
      and not exists (select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = u.id)`;
}

/**
 * The creator did not block the viewer's country (issue 29, geo-blocking): neither the request's
 * (from the client address) nor the viewer's profile country is in `u.blocked_countries`.
 */
function notGeoBlocked(viewerId: unknown, country: unknown): SQL {
  // The profile country is an uncorrelated subquery: read once per query, not per candidate.
  return sql`not (${country}::text = any(u.blocked_countries)
      or coalesce((select gp.country_code from users gp where gp.id = ${viewerId}) = any(u.blocked_countries), false))`;
}

function sectionCondition(section: HomeSection, viewerId: unknown): SQL {
  if (section === 'subscribed') return activeSubscription(viewerId);
  if (section === 'following')
    return sql`${follows(viewerId)} and not ${activeSubscription(viewerId)}`;
  return sql`not ${follows(viewerId)} and not ${activeSubscription(viewerId)}`;
}

/** WHERE conditions only for the filters actually given, so each query gets a plan of its own. */
function filterConditions(p: SectionParams): SQL[] {
  const conditions = [
    sql`u.birthdate <= ${p.latest}::date`,
    sql`u.birthdate > ${p.earliestExclusive}::date`,
  ];
  if (p.genders.length > 0) conditions.push(sql`u.sex in (${list(p.genders)})`);
  if (p.tags.length > 0) {
    conditions.push(
      sql`exists (select 1 from user_tags ut where ut.user_id = u.id and ut.tag_id in (${list(p.tags)}))`,
    );
  }
  if (p.categories.length > 0) {
    conditions.push(
      sql`exists (select 1 from user_sub_categories usc where usc.user_id = u.id and usc.sub_category_id in (${list(p.categories)}))`,
    );
  }
  if (p.countries.length > 0) {
    conditions.push(
      sql`u.country_code in (select c.code from countries c where c.id in (${list(p.countries)}))`,
    );
  }
  return conditions;
}

/**
 * The creator's live stream, when its audience takes the viewer in (everyone; followers: a
 * follower or subscriber; subscribers: a subscriber), the rule of `stream.view`. A priced
 * stream is listed too: the viewer pays on opening it.
 */
function liveStreamJoin(viewerId: unknown): SQL {
  return sql`left join lateral (
      select st.id, st.title, st.viewer_count from streams st
      where st.creator_id = u.id and st.status = 'live'
        and (st.audience = 'everyone'
          or (st.audience = 'followers' and (${follows(viewerId)} or ${activeSubscription(viewerId)}))
          or (st.audience = 'subscribers' and ${activeSubscription(viewerId)}))
    ) live on true`;
}

/**
 * The viewer has watched every listed story of the creator (`story_watch_tallies`, kept by
 * triggers: migration 0023). One index probe instead of the creator's stories one by one.
 */
function caughtUp(viewerId: unknown): SQL {
  return sql`exists (select 1 from story_watch_tallies t where t.viewer_id = ${viewerId} and t.creator_id = u.id and t.caught_up)`;
}

/** Who is on the list at all: everything but the editorial order and "has unwatched". */
function listedConditions(section: HomeSection, p: SectionParams): SQL[] {
  return [
    sql`u.id <> ${p.viewerId}`,
    // An account being deleted (features/account-deletion) or suspended (issue 29) leaves
    // every list at once.
    sql`u.deletion_requested_at is null`,
    sql`u.suspended_at is null`,
    sectionCondition(section, p.viewerId),
    noBlockEitherWay(p.viewerId),
    notGeoBlocked(p.viewerId, p.viewerCountry),
    ...filterConditions(p),
  ];
}

const itemColumns = sql`u.id, u.slug, u.name, u.avatar_key, u.story_count, u."order", u.last_story_at,
      u.verify_ondato_at is not null as verified`;

const liveColumns = sql`live.id as stream_id, live.title as stream_title, live.viewer_count as stream_viewers`;

/**
 * The creators Discover leaves out for the viewer, as one set: followed, actively subscribed,
 * blocked either way. Read once per query into a hashed set (`not in`), so each creator the
 * walk passes costs a hash probe, not one index probe per rule (issue 30, item 5). The ids are
 * primary and foreign keys, never null, so `not in` is plain set exclusion.
 */
function discoverRelations(viewerId: unknown): SQL {
  return sql`select f.creator_id from follows f where f.follower_id = ${viewerId}
        union all select sub.creator_id from subscriptions sub where sub.subscriber_id = ${viewerId} and sub.expires_at > now()
        union all select b.blocker_id from user_blocks b where b.blocked_id = ${viewerId}
        union all select b.blocked_id from user_blocks b where b.blocker_id = ${viewerId}`;
}

/** The creators whose every listed story the viewer watched (`story_watch_tallies`, 0023). */
function caughtUpCreators(viewerId: unknown): SQL {
  return sql`select t.creator_id from story_watch_tallies t where t.viewer_id = ${viewerId} and t.caught_up`;
}

/**
 * Discover's stories list (issue 30). The order is editorial order, then creators with
 * unwatched stories, then the latest story, then id. Sorting every candidate by the first two
 * made a request cost the whole population at 100k creators, so the query walks instead. For
 * each editorial order value (a handful, found with a loose index scan) it takes the first
 * `window` (= offset + limit) creators with unwatched stories, in `users_home_walk_idx`
 * order (stopping early) or from `users_home_filter_idx` for a selective filter (PostgreSQL
 * picks by cost). The creators the viewer has caught up on come after all of those in their
 * group, so they can only reach the page in a group that had fewer than `window` of them: only
 * such groups are read for them. The page is the top of both, sorted by the full key.
 *
 * An offset walks the creators it skips, so each one must cost next to nothing: the walk reads
 * only what `users_home_walk_idx` holds (order, latest story, id, and the default filter's
 * columns: an index-only scan on a vacuumed table, migration 0026) and tests the viewer's
 * relations and tallies against sets hashed once per query. The page's details (name, avatar,
 * counts, live stream) are joined for its rows only, after the cut.
 */
function discoverStoriesSql(p: SectionParams): SQL {
  const where = sql.join(
    [
      sql`u.story_count > 0`,
      sql`u.id <> ${p.viewerId}`,
      sql`u.deletion_requested_at is null`,
      sql`u.suspended_at is null`,
      sql`u.id not in (${discoverRelations(p.viewerId)})`,
      notGeoBlocked(p.viewerId, p.viewerCountry),
      ...filterConditions(p),
    ],
    sql` and `,
  );
  // "Caught up" inside coalesce stays a hashed subplan: as a top-level IN the planner may turn
  // it into a join that starts from the viewer's tallies (thousands for a heavy watcher).
  const inOrder = (caught: boolean) => sql`
          select u.id, u."order", u.last_story_at, ${caught ? sql`false` : sql`true`} as has_unwatched
          from users u
          where u."order" = g.o and ${where} and ${
            caught
              ? sql`coalesce(u.id = any (${caughtUpCreators(p.viewerId)}), false)`
              : sql`u.id not in (${caughtUpCreators(p.viewerId)})`
          }
          order by u.last_story_at desc, u.id desc
          limit ${p.window}`;
  return sql`
    with recursive orders(o) as (
      select max(u."order") from users u where u.story_count > 0
      union all
      select (select max(u."order") from users u where u.story_count > 0 and u."order" < orders.o)
      from orders where orders.o is not null
    ),
    unwatched as materialized (
      select x.* from orders g cross join lateral (${inOrder(false)}) x where g.o is not null
    ),
    short_groups as materialized (
      select g.o from orders g
      where g.o is not null
        and (select count(*) from unwatched a where a."order" = g.o) < ${p.window}
    ),
    page as materialized (
      select * from (
        select * from unwatched
        union all
        select x.* from short_groups g cross join lateral (${inOrder(true)}) x
      ) candidates
      order by "order" desc, has_unwatched desc, last_story_at desc, id desc
      limit ${p.limit} offset ${p.offset}
    )
    select u.id, u.slug, u.name, u.avatar_key, u.story_count, u."order",
      u.verify_ondato_at is not null as verified,
      pk.has_unwatched, false as subscribed, ${liveColumns}
    from page pk
    join users u on u.id = pk.id
    ${liveStreamJoin(p.viewerId)}
    order by pk."order" desc, pk.has_unwatched desc, pk.last_story_at desc, pk.id desc
  `;
}

export function sectionSql(section: HomeSection, list: HomeList, p: SectionParams): SQL {
  if (section === 'discover' && list === 'stories') return discoverStoriesSql(p);
  const where = sql.join(
    [
      list === 'stories' ? sql`u.story_count > 0` : sql`live.id is not null`,
      ...listedConditions(section, p),
    ],
    sql` and `,
  );
  return sql`
    select * from (
      select ${itemColumns},
        u.story_count > 0 and not ${caughtUp(p.viewerId)} as has_unwatched,
        ${section === 'subscribed' ? sql`true` : sql`false`} as subscribed,
        ${liveColumns}
      from users u
      ${liveStreamJoin(p.viewerId)}
      where ${where}
    ) c
    order by ${
      list === 'stories'
        ? sql`c."order" desc, c.has_unwatched desc, c.last_story_at desc, c.id desc`
        : sql`c."order" desc, c.stream_viewers desc, c.id desc`
    }
    limit ${p.limit} offset ${p.offset}
  `;
}

/**
 * One section of the home lists in one query: creators with ready stories, in the section's
 * relation to the viewer, matching the filter; editorial order first, then creators with
 * unwatched stories, then the latest story, then id so pages never overlap. The streams list
 * is the same sections limited to creators live now, most watched first.
 */
export function homeSectionQuery(
  viewerId: number,
  section: HomeSection,
  filter: HomeFilter,
  paging: { limit: number; offset: number },
  list: HomeList = 'stories',
): SQL {
  return sectionSql(section, list, sectionParams(viewerId, filter, paging));
}

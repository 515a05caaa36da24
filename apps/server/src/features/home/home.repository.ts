import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { HomeFilter, HomeSection } from '@glimpse/contract';
import type { DbOrTx } from '../../platform/db/database.ts';

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
interface SectionParams {
  viewerId: unknown;
  latest: unknown;
  earliestExclusive: unknown;
  genders: unknown[];
  tags: unknown[];
  categories: unknown[];
  countries: unknown[];
  limit: unknown;
  offset: unknown;
}

function sectionParams(
  viewerId: number,
  filter: HomeFilter,
  paging: { limit: number; offset: number },
): SectionParams {
  const { latest, earliestExclusive } = birthdateBounds(filter.ageMin, filter.ageMax);
  return {
    viewerId,
    latest,
    earliestExclusive,
    genders: filter.genders,
    tags: filter.tags,
    categories: filter.categories,
    countries: filter.countries,
    limit: paging.limit,
    offset: paging.offset,
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

function sectionSql(section: HomeSection, list: HomeList, p: SectionParams): SQL {
  const where = sql.join(
    [
      list === 'stories' ? sql`u.story_count > 0` : sql`live.id is not null`,
      sql`u.id <> ${p.viewerId}`,
      // An account being deleted leaves every list at once (features/account-deletion).
      sql`u.deletion_requested_at is null`,
      sectionCondition(section, p.viewerId),
      noBlockEitherWay(p.viewerId),
      ...filterConditions(p),
    ],
    sql` and `,
  );
  return sql`
    select u.id, u.slug, u.name, u.avatar_key, u.story_count, u."order",
      u.verify_ondato_at is not null as verified,
      exists (
        select 1 from stories s
        where s.user_id = u.id and s.status = 'ready' and s.audience = 'public'
          and not exists (select 1 from story_watches w where w.user_id = ${p.viewerId} and w.story_id = s.id)
      ) as has_unwatched,
      ${section === 'subscribed' ? sql`true` : sql`false`} as subscribed,
      live.id as stream_id, live.title as stream_title, live.viewer_count as stream_viewers
    from users u
    ${liveStreamJoin(p.viewerId)}
    where ${where}
    order by ${
      list === 'stories'
        ? sql`u."order" desc, has_unwatched desc, u.last_story_at desc nulls last, u.id desc`
        : sql`u."order" desc, live.viewer_count desc, u.id desc`
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

type ListKey = 'genders' | 'tags' | 'categories' | 'countries';
type ScalarKey = Exclude<keyof SectionParams, ListKey>;

/** Placeholders named after where each value sits in SectionParams ("viewerId", "tags.2"). */
function placeholdersOf(p: SectionParams): SectionParams {
  const one = (key: ScalarKey) => sql.placeholder(key);
  const many = (key: ListKey) => p[key].map((_, i) => sql.placeholder(`${key}.${i}`));
  return {
    viewerId: one('viewerId'),
    latest: one('latest'),
    earliestExclusive: one('earliestExclusive'),
    genders: many('genders'),
    tags: many('tags'),
    categories: many('categories'),
    countries: many('countries'),
    limit: one('limit'),
    offset: one('offset'),
  };
}

/** How one parameter of the shared text is read from a request's values. */
function readerOf(param: unknown): (p: SectionParams) => unknown {
  if (!(param instanceof Placeholder)) return () => param;
  const [key, index] = (param.name as string).split('.');
  if (index === undefined) return (p) => p[key as ScalarKey];
  return (p) => p[key as ListKey][Number(index)];
}

interface SectionStatement {
  text: string;
  readers: ((p: SectionParams) => unknown)[];
}

const dialect = new PgDialect();
/** SQL texts by shape: a few dozen in practice; the bound only stops a caller growing it. */
const statements = new Map<string, SectionStatement>();
const STATEMENTS_MAX = 500;

/**
 * `homeSectionQuery` as SQL text and values. The text depends only on the section, the list
 * and which filters are given with how many values, so it is built once per shape: building it
 * per request (drizzle's template composition and rendering) was most of the CPU Discover spent
 * beyond a bare route running the same SQL (bench/README.md, issue 8). The statement stays
 * unnamed, so PostgreSQL still plans it for the values it gets.
 */
export function sectionStatement(
  viewerId: number,
  section: HomeSection,
  filter: HomeFilter,
  paging: { limit: number; offset: number },
  list: HomeList = 'stories',
): { text: string; values: unknown[] } {
  const p = sectionParams(viewerId, filter, paging);
  const shape = `${list} ${section} ${p.genders.length} ${p.tags.length} ${p.categories.length} ${p.countries.length}`;
  let statement = statements.get(shape);
  if (!statement) {
    const query = dialect.sqlToQuery(sectionSql(section, list, placeholdersOf(p)));
    statement = { text: query.sql, readers: query.params.map(readerOf) };
    // Oldest out first: a Map keeps insertion order.
    if (statements.size >= STATEMENTS_MAX) statements.delete(statements.keys().next().value!);
    statements.set(shape, statement);
  }
  return { text: statement.text, values: statement.readers.map((read) => read(p)) };
}

export async function listHomeSection(
  db: DbOrTx,
  viewerId: number,
  section: HomeSection,
  filter: HomeFilter,
  paging: { limit: number; offset: number },
  list: HomeList = 'stories',
): Promise<HomeRow[]> {
  const { text, values } = sectionStatement(viewerId, section, filter, paging, list);
  // Unnamed, as db.execute runs it; the values are already in parameter order.
  const result = (await db._.session
    .prepareQuery({ sql: text, params: values }, undefined, undefined, false)
    .execute()) as { rows: HomeRow[] };
  return result.rows;
}

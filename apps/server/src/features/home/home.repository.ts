import { sql, type SQL } from 'drizzle-orm';
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

const ids = (values: number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function activeSubscription(viewerId: number): SQL {
  return sql`exists (select 1 from subscriptions sub where sub.subscriber_id = ${viewerId} and sub.creator_id = u.id and sub.expires_at > now())`;
}

function follows(viewerId: number): SQL {
  return sql`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.creator_id = u.id)`;
}

/** Neither blocked the other: a block keeps the pair off each other's home lists both ways. */
function noBlockEitherWay(viewerId: number): SQL {
  return sql`not exists (select 1 from user_blocks b where b.blocker_id = u.id and b.blocked_id = ${viewerId})
      and not exists (select 1 from user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = u.id)`;
}

function sectionCondition(section: HomeSection, viewerId: number): SQL {
  if (section === 'subscribed') return activeSubscription(viewerId);
  if (section === 'following')
    return sql`${follows(viewerId)} and not ${activeSubscription(viewerId)}`;
  return sql`not ${follows(viewerId)} and not ${activeSubscription(viewerId)}`;
}

/** WHERE conditions only for the filters actually given, so each query gets a plan of its own. */
function filterConditions(filter: HomeFilter): SQL[] {
  const { latest, earliestExclusive } = birthdateBounds(filter.ageMin, filter.ageMax);
  const conditions = [
    sql`u.birthdate <= ${latest}::date`,
    sql`u.birthdate > ${earliestExclusive}::date`,
  ];
  if (filter.genders.length > 0)
    conditions.push(
      sql`u.sex in (${sql.join(
        filter.genders.map((g) => sql`${g}`),
        sql`, `,
      )})`,
    );
  if (filter.tags.length > 0) {
    conditions.push(
      sql`exists (select 1 from user_tags ut where ut.user_id = u.id and ut.tag_id in (${ids(filter.tags)}))`,
    );
  }
  if (filter.categories.length > 0) {
    conditions.push(
      sql`exists (select 1 from user_sub_categories usc where usc.user_id = u.id and usc.sub_category_id in (${ids(filter.categories)}))`,
    );
  }
  if (filter.countries.length > 0) {
    conditions.push(
      sql`u.country_code in (select c.code from countries c where c.id in (${ids(filter.countries)}))`,
    );
  }
  return conditions;
}

/**
 * The creator's live stream, when its audience takes the viewer in (everyone; followers: a
 * follower or subscriber; subscribers: a subscriber), the rule of `stream.view`. A priced
 * stream is listed too: the viewer pays on opening it.
 */
function liveStreamJoin(viewerId: number): SQL {
  return sql`left join lateral (
      select st.id, st.title, st.viewer_count from streams st
      where st.creator_id = u.id and st.status = 'live'
        and (st.audience = 'everyone'
          or (st.audience = 'followers' and (${follows(viewerId)} or ${activeSubscription(viewerId)}))
          or (st.audience = 'subscribers' and ${activeSubscription(viewerId)}))
    ) live on true`;
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
  const where = sql.join(
    [
      list === 'stories' ? sql`u.story_count > 0` : sql`live.id is not null`,
      sql`u.id <> ${viewerId}`,
      sectionCondition(section, viewerId),
      noBlockEitherWay(viewerId),
      ...filterConditions(filter),
    ],
    sql` and `,
  );
  return sql`
    select u.id, u.slug, u.name, u.avatar_key, u.story_count, u."order",
      u.verify_ondato_at is not null as verified,
      exists (
        select 1 from stories s
        where s.user_id = u.id and s.status = 'ready' and s.audience = 'public'
          and not exists (select 1 from story_watches w where w.user_id = ${viewerId} and w.story_id = s.id)
      ) as has_unwatched,
      ${section === 'subscribed' ? sql`true` : sql`false`} as subscribed,
      live.id as stream_id, live.title as stream_title, live.viewer_count as stream_viewers
    from users u
    ${liveStreamJoin(viewerId)}
    where ${where}
    order by ${
      list === 'stories'
        ? sql`u."order" desc, has_unwatched desc, u.last_story_at desc nulls last, u.id desc`
        : sql`u."order" desc, live.viewer_count desc, u.id desc`
    }
    limit ${paging.limit} offset ${paging.offset}
  `;
}

export async function listHomeSection(
  db: DbOrTx,
  viewerId: number,
  section: HomeSection,
  filter: HomeFilter,
  paging: { limit: number; offset: number },
  list: HomeList = 'stories',
): Promise<HomeRow[]> {
  const result = await db.execute<HomeRow>(
    homeSectionQuery(viewerId, section, filter, paging, list),
  );
  return result.rows;
}

import { birthdateBounds } from '../../apps/server/src/features/home/home.repository.ts';
import type { HomeFilter } from '@glimpse/contract';

/**
 * Discover's answer in the simplest SQL: every candidate's "has unwatched stories" probed story
 * by story in `story_watches`, the whole candidate set sorted (the query before issue 30). The
 * bench checks the server's pages against it; it knows nothing of story_watch_tallies.
 */
export function naiveDiscoverQuery(
  viewerId: number,
  filter: HomeFilter,
  paging: { limit: number; offset: number },
): { text: string; values: unknown[] } {
  const { latest, earliestExclusive } = birthdateBounds(filter.ageMin, filter.ageMax);
  const values: unknown[] = [viewerId, latest, earliestExclusive, paging.limit, paging.offset];
  const conditions = [
    'u.story_count > 0',
    'u.id <> $1',
    'u.deletion_requested_at is null',
    'u.suspended_at is null',
    'not exists (select 1 from follows f where f.follower_id = $1 and f.creator_id = u.id)',
    'not exists (select 1 from subscriptions sub where sub.subscriber_id = $1 and sub.creator_id = u.id and sub.expires_at > now())',
    'not exists (select 1 from user_blocks b where b.blocker_id = u.id and b.blocked_id = $1)',
    'not exists (select 1 from user_blocks b where b.blocker_id = $1 and b.blocked_id = u.id)',
    "not ('' = any(u.blocked_countries) or exists (select 1 from users gp where gp.id = $1 and gp.country_code = any(u.blocked_countries)))",
    'u.birthdate <= $2::date',
    'u.birthdate > $3::date',
  ];
  const param = (value: unknown) => `$${values.push(value)}`;
  if (filter.genders.length > 0) conditions.push(`u.sex = any(${param(filter.genders)})`);
  if (filter.tags.length > 0)
    conditions.push(
      `exists (select 1 from user_tags ut where ut.user_id = u.id and ut.tag_id = any(${param(filter.tags)}))`,
    );
  if (filter.categories.length > 0)
    conditions.push(
      `exists (select 1 from user_sub_categories usc where usc.user_id = u.id and usc.sub_category_id = any(${param(filter.categories)}))`,
    );
  if (filter.countries.length > 0)
    conditions.push(
      `u.country_code in (select c.code from countries c where c.id = any(${param(filter.countries)}))`,
    );
  const text = `
    select u.id, exists (
        select 1 from stories s
        where s.user_id = u.id and s.status = 'ready' and s.audience = 'public'
          and not exists (select 1 from story_watches w where w.user_id = $1 and w.story_id = s.id)
      ) as has_unwatched
    from users u
    where ${conditions.join(' and ')}
    order by u."order" desc, has_unwatched desc, u.last_story_at desc, u.id desc
    limit $4 offset $5`;
  return { text, values };
}

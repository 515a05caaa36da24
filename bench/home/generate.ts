import type pg from 'pg';

export interface GenerateOptions {
  users: number;
  storiesPerUser: number;
}

/**
 * Bench data only (never the demo seed): `users` creators with ages, sexes, countries, tags and
 * categories spread evenly, and `storiesPerUser` ready stories each, written with set-based SQL.
 * The story counter trigger is paused during the bulk insert and the counters computed once.
 */
export async function generateHomeData(client: pg.Client, options: GenerateOptions): Promise<void> {
  const { users, storiesPerUser } = options;
  await client.query(
    `
    insert into users (slug, name, email, password_hash, birthdate, sex, country_code, "order")
    select 'bench-' || g, 'Bench ' || g, 'bench-' || g || '@bench.glimpse', 'x',
      (current_date - ((18 + (g * 7919) % 70) * 365 + (g % 300)) * interval '1 day')::date,
      (array['male','female','transgender'])[1 + g % 3],
      (select code from countries order by id offset (g * 31) % 200 limit 1),
      case when g % 997 = 0 then 5 else 0 end
    from generate_series(1, $1::int) g`,
    [users],
  );
  await client.query(`
    insert into user_tags (user_id, tag_id)
    select u.id, t.id from users u
    join lateral (select id from tags order by id offset (u.id * 13) % 30 limit 2) t on true
    where u.email like '%@bench.glimpse'`);
  await client.query(`
    insert into user_sub_categories (user_id, category_id, sub_category_id)
    select u.id, s.category_id, s.id from users u
    join lateral (
      select distinct on (category_id) id, category_id from sub_categories
      order by category_id, (id * 7 + u.id) % 11
    ) s on true
    where u.email like '%@bench.glimpse' and (u.id + s.category_id) % 3 = 0`);
  await client.query('alter table stories disable trigger stories_counters');
  await client.query(
    `
    insert into stories (user_id, is_video, status, source_key, source_content_type, created_at)
    select u.id, false, 'ready', 'bench-' || u.id || '-' || n, 'image/jpeg',
      now() - ((u.id * 17 + n * 3600) % 2592000) * interval '1 second'
    from users u, generate_series(1, $1::int) n
    where u.email like '%@bench.glimpse'`,
    [storiesPerUser],
  );
  await client.query('alter table stories enable trigger stories_counters');
  await client.query(`
    update users u set story_count = s.n, last_story_at = s.latest
    from (select user_id, count(*) as n, max(created_at) as latest from stories where status = 'ready' group by user_id) s
    where s.user_id = u.id`);
  await client.query('analyze');
}

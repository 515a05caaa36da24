-- users_home_walk_idx (issue 30, item 5) replaces users_home_order_idx: the same order
-- (editorial order, latest story, id), then the columns Discover's default filter reads, and only
-- creators on the lists at all (listed stories, not being deleted, not suspended). Discover's
-- walk past the creators an offset skips then reads this index alone (an index-only scan on a
-- vacuumed table) instead of each creator's users row.
DROP INDEX "users_home_order_idx";--> statement-breakpoint
CREATE INDEX "users_home_walk_idx" ON "users" USING btree ("order","last_story_at","id","birthdate","sex","country_code","blocked_countries") WHERE "users"."story_count" > 0 and "users"."deletion_requested_at" is null and "users"."suspended_at" is null;
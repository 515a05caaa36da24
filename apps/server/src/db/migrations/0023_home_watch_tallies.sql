CREATE TABLE "story_watch_tallies" (
	"viewer_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"watched" integer NOT NULL,
	"caught_up" boolean NOT NULL,
	CONSTRAINT "story_watch_tallies_viewer_id_creator_id_pk" PRIMARY KEY("viewer_id","creator_id")
);
--> statement-breakpoint
ALTER TABLE "story_watch_tallies" ADD CONSTRAINT "story_watch_tallies_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_watch_tallies" ADD CONSTRAINT "story_watch_tallies_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_watch_tallies_caught_up_idx" ON "story_watch_tallies" USING btree ("viewer_id","creator_id") WHERE "story_watch_tallies"."caught_up";--> statement-breakpoint
CREATE INDEX "story_watch_tallies_creator_idx" ON "story_watch_tallies" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "users_home_filter_idx" ON "users" USING btree ("order","country_code","sex","birthdate") WHERE "users"."story_count" > 0;--> statement-breakpoint
-- story_watch_tallies (issue 30): per viewer and creator, how many of the creator's listed
-- stories (ready, public: what users.story_count counts) the viewer watched, and caught_up =
-- watched >= story_count. Discover reads "has unwatched stories" from it. A row exists only
-- while watched > 0. Every change takes the creator's users row lock first (the counters'
-- update, or FOR SHARE for a watch), so a watch racing a new or removed story cannot leave
-- a stale caught_up behind.
CREATE OR REPLACE FUNCTION glimpse_refresh_story_counters(target_user integer) RETURNS void AS $$
DECLARE
  before_count integer;
  after_count integer;
BEGIN
  SELECT story_count INTO before_count FROM users WHERE id = target_user FOR UPDATE;
  UPDATE users SET
    story_count = (SELECT count(*) FROM stories WHERE user_id = target_user AND status = 'ready' AND audience = 'public'),
    last_story_at = (SELECT max(created_at) FROM stories WHERE user_id = target_user AND status = 'ready' AND audience = 'public')
  WHERE id = target_user
  RETURNING story_count INTO after_count;
  -- A new listed story: nobody has watched all of them any more (a restored story's own
  -- watchers are counted again by glimpse_tally_story_watchers). One fewer: some may have.
  IF after_count > before_count THEN
    UPDATE story_watch_tallies SET caught_up = false
      WHERE creator_id = target_user AND caught_up AND watched < after_count;
  ELSIF after_count < before_count THEN
    UPDATE story_watch_tallies SET caught_up = true
      WHERE creator_id = target_user AND NOT caught_up AND watched >= after_count;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A story joins (delta 1) or leaves (-1) its creator's listed stories: its watchers' tallies
-- follow. Runs after the creator's counters are refreshed (and their row locked).
CREATE OR REPLACE FUNCTION glimpse_tally_story_watchers(p_story integer, p_creator integer, delta integer) RETURNS void AS $$
BEGIN
  IF delta > 0 THEN
    INSERT INTO story_watch_tallies AS t (viewer_id, creator_id, watched, caught_up)
      SELECT w.user_id, p_creator, 1, false FROM story_watches w WHERE w.story_id = p_story
      ON CONFLICT (viewer_id, creator_id) DO UPDATE SET watched = t.watched + 1;
  ELSE
    UPDATE story_watch_tallies t SET watched = t.watched - 1
      FROM story_watches w
      WHERE w.story_id = p_story AND t.viewer_id = w.user_id AND t.creator_id = p_creator;
    DELETE FROM story_watch_tallies WHERE creator_id = p_creator AND watched <= 0;
  END IF;
  UPDATE story_watch_tallies t SET caught_up = t.watched >= u.story_count
    FROM story_watches w, users u
    WHERE w.story_id = p_story AND t.viewer_id = w.user_id AND t.creator_id = p_creator
      AND u.id = p_creator AND t.caught_up <> (t.watched >= u.story_count);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION glimpse_stories_counter_trigger() RETURNS trigger AS $$
DECLARE
  was_listed boolean := TG_OP <> 'INSERT' AND OLD.status = 'ready' AND OLD.audience = 'public';
  is_listed boolean := TG_OP <> 'DELETE' AND NEW.status = 'ready' AND NEW.audience = 'public';
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM glimpse_refresh_story_counters(NEW.user_id);
  ELSIF TG_OP = 'DELETE' THEN
    -- Its watchers were taken off before the delete (stories_watch_tallies).
    PERFORM glimpse_refresh_story_counters(OLD.user_id);
  ELSE
    PERFORM glimpse_refresh_story_counters(NEW.user_id);
    IF OLD.user_id <> NEW.user_id THEN
      PERFORM glimpse_refresh_story_counters(OLD.user_id);
    END IF;
    IF was_listed AND (NOT is_listed OR OLD.user_id <> NEW.user_id) THEN
      PERFORM glimpse_tally_story_watchers(OLD.id, OLD.user_id, -1);
    END IF;
    IF is_listed AND (NOT was_listed OR OLD.user_id <> NEW.user_id) THEN
      PERFORM glimpse_tally_story_watchers(NEW.id, NEW.user_id, 1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER stories_counters ON stories;
--> statement-breakpoint
CREATE TRIGGER stories_counters AFTER INSERT OR DELETE OR UPDATE OF status, audience, user_id, created_at ON stories
  FOR EACH ROW EXECUTE FUNCTION glimpse_stories_counter_trigger();
--> statement-breakpoint
-- Before the delete: the story's watches go with it (cascade), so its watchers are taken off
-- while they can still be read. The cascaded watch deletes then find no story and skip.
CREATE OR REPLACE FUNCTION glimpse_stories_delete_tally_trigger() RETURNS trigger AS $$
BEGIN
  IF OLD.status = 'ready' AND OLD.audience = 'public' THEN
    PERFORM 1 FROM users WHERE id = OLD.user_id FOR UPDATE;
    PERFORM glimpse_tally_story_watchers(OLD.id, OLD.user_id, -1);
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER stories_watch_tallies BEFORE DELETE ON stories
  FOR EACH ROW EXECUTE FUNCTION glimpse_stories_delete_tally_trigger();
--> statement-breakpoint
-- One watch counted (delta 1) or uncounted (-1), if its story is listed. A story being deleted
-- is gone by the time its cascaded watches are: its watchers were taken off before.
CREATE OR REPLACE FUNCTION glimpse_tally_watch(p_viewer integer, p_story integer, delta integer) RETURNS void AS $$
DECLARE
  v_creator integer;
  v_count integer;
BEGIN
  SELECT user_id INTO v_creator FROM stories WHERE id = p_story;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- The creator's row first, then the story's state as of that lock.
  SELECT story_count INTO v_count FROM users WHERE id = v_creator FOR SHARE;
  PERFORM 1 FROM stories WHERE id = p_story AND status = 'ready' AND audience = 'public';
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF delta > 0 THEN
    INSERT INTO story_watch_tallies AS t (viewer_id, creator_id, watched, caught_up)
      VALUES (p_viewer, v_creator, 1, 1 >= v_count)
      ON CONFLICT (viewer_id, creator_id) DO UPDATE
        SET watched = t.watched + 1, caught_up = t.watched + 1 >= v_count;
  ELSE
    UPDATE story_watch_tallies t SET watched = t.watched - 1, caught_up = t.watched - 1 >= v_count
      WHERE t.viewer_id = p_viewer AND t.creator_id = v_creator;
    DELETE FROM story_watch_tallies
      WHERE viewer_id = p_viewer AND creator_id = v_creator AND watched <= 0;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION glimpse_story_watches_tally_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM glimpse_tally_watch(OLD.user_id, OLD.story_id, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM glimpse_tally_watch(NEW.user_id, NEW.story_id, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER story_watches_tallies AFTER INSERT OR DELETE OR UPDATE OF user_id, story_id ON story_watches
  FOR EACH ROW EXECUTE FUNCTION glimpse_story_watches_tally_trigger();
--> statement-breakpoint
INSERT INTO story_watch_tallies (viewer_id, creator_id, watched, caught_up)
  SELECT w.user_id, s.user_id, count(*), count(*) >= max(u.story_count)
  FROM story_watches w
  JOIN stories s ON s.id = w.story_id AND s.status = 'ready' AND s.audience = 'public'
  JOIN users u ON u.id = s.user_id
  GROUP BY w.user_id, s.user_id;

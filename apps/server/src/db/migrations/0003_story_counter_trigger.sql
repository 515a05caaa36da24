-- users.story_count / last_story_at follow the user's ready stories, so the home lists can
-- filter and order creators without aggregating stories on every request.
CREATE OR REPLACE FUNCTION glimpse_refresh_story_counters(target_user integer) RETURNS void AS $$
  UPDATE users SET
    story_count = (SELECT count(*) FROM stories WHERE user_id = target_user AND status = 'ready'),
    last_story_at = (SELECT max(created_at) FROM stories WHERE user_id = target_user AND status = 'ready')
  WHERE id = target_user;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION glimpse_stories_counter_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    PERFORM glimpse_refresh_story_counters(NEW.user_id);
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM glimpse_refresh_story_counters(OLD.user_id);
  ELSIF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
    PERFORM glimpse_refresh_story_counters(OLD.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER stories_counters AFTER INSERT OR DELETE OR UPDATE OF status, user_id, created_at ON stories
  FOR EACH ROW EXECUTE FUNCTION glimpse_stories_counter_trigger();

-- The creator's users row is locked FOR NO KEY UPDATE, not FOR UPDATE, by the story counters
-- (0023). Inserting a story first takes FOR KEY SHARE on that row (its foreign key's check runs
-- before the counters' trigger); two stories of one creator inserted at once each held that
-- share and each waited to upgrade it to FOR UPDATE: a deadlock. FOR NO KEY UPDATE (what a
-- plain UPDATE of the row takes) does not conflict with FOR KEY SHARE, and still serialises
-- the counters and tallies against each other and against a watch's FOR SHARE.
CREATE OR REPLACE FUNCTION glimpse_refresh_story_counters(target_user integer) RETURNS void AS $$
DECLARE
  before_count integer;
  after_count integer;
BEGIN
  SELECT story_count INTO before_count FROM users WHERE id = target_user FOR NO KEY UPDATE;
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
CREATE OR REPLACE FUNCTION glimpse_stories_delete_tally_trigger() RETURNS trigger AS $$
BEGIN
  IF OLD.status = 'ready' AND OLD.audience = 'public' THEN
    PERFORM 1 FROM users WHERE id = OLD.user_id FOR NO KEY UPDATE;
    PERFORM glimpse_tally_story_watchers(OLD.id, OLD.user_id, -1);
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;

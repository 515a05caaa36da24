-- The trigram indexes write every change straight into the index (no pending list): PGlite runs no
-- autovacuum to merge a pending list, so each search scanned all of it, up to gin_pending_list_limit
-- (4 MB); at 100,000 users a search's index scans took 400 ms on PGlite instead of 2 (bench/search).
-- Altered rather than rebuilt, and what is pending now is merged.
ALTER INDEX "users_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_slug_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('users_name_trgm_idx'), gin_clean_pending_list('users_slug_trgm_idx');

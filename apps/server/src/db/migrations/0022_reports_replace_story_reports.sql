-- The spec's story reports join the one queue of reports (issue 29); their free text becomes
-- the details of reason `other`.
INSERT INTO "reports" ("kind", "target_id", "target_user_id", "reporter_id", "reason", "details", "status", "created_at")
SELECT 'story', r."story_id", s."user_id", r."reporter_id", 'other', r."accusation", r."status", r."created_at"
FROM "story_reports" r JOIN "stories" s ON s."id" = r."story_id";--> statement-breakpoint
DROP TABLE "story_reports" CASCADE;

ALTER TABLE "users" ADD COLUMN "story_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_story_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_home_order_idx" ON "users" USING btree ("order","last_story_at","id") WHERE "users"."story_count" > 0;
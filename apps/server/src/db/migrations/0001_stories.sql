CREATE TABLE "stories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_cents" integer,
	"is_video" boolean NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"processing_error" text,
	"source_key" text NOT NULL,
	"source_content_type" text NOT NULL,
	"image_key" text,
	"image_jpeg_key" text,
	"poster_key" text,
	"mp4_key" text,
	"webm_key" text,
	"slow_motion_key" text,
	"duration_seconds" real,
	"muted" boolean DEFAULT false NOT NULL,
	"width" integer,
	"height" integer,
	"front_camera" boolean DEFAULT false NOT NULL,
	"landscape" boolean DEFAULT false NOT NULL,
	"slow_motion" boolean DEFAULT false NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_price_check" CHECK ("stories"."price_cents" is null or "stories"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "story_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "story_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"story_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"accusation" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_unlocks" (
	"user_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_unlocks_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "story_watches" (
	"user_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_watches_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
ALTER TABLE "media_objects" ADD COLUMN "story_id" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_reports" ADD CONSTRAINT "story_reports_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_reports" ADD CONSTRAINT "story_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_unlocks" ADD CONSTRAINT "story_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_unlocks" ADD CONSTRAINT "story_unlocks_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_watches" ADD CONSTRAINT "story_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_watches" ADD CONSTRAINT "story_watches_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_user_created_idx" ON "stories" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "story_reports_status_idx" ON "story_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "story_reports_once_key" ON "story_reports" USING btree ("story_id","reporter_id");--> statement-breakpoint
CREATE INDEX "story_watches_story_idx" ON "story_watches" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "media_objects_story_idx" ON "media_objects" USING btree ("story_id");
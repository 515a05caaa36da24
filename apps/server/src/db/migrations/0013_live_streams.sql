CREATE TABLE "stream_entries" (
	"stream_id" integer NOT NULL,
	"viewer_id" integer NOT NULL,
	"transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_entries_stream_id_viewer_id_pk" PRIMARY KEY("stream_id","viewer_id")
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "streams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"creator_id" integer NOT NULL,
	"title" text NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"price_cents" integer,
	"ingest" text NOT NULL,
	"status" text DEFAULT 'starting' NOT NULL,
	"chat_id" integer,
	"record" boolean DEFAULT false NOT NULL,
	"replay_story_id" integer,
	"viewer_count" integer DEFAULT 0 NOT NULL,
	"last_data_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streams_price_check" CHECK ("streams"."price_cents" is null or "streams"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "chats" DROP CONSTRAINT "chats_kind_shape_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stream_key_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stream_entries" ADD CONSTRAINT "stream_entries_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_entries" ADD CONSTRAINT "stream_entries_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_entries" ADD CONSTRAINT "stream_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_replay_story_id_stories_id_fk" FOREIGN KEY ("replay_story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "streams_one_open_per_creator_key" ON "streams" USING btree ("creator_id") WHERE "streams"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "streams_live_idx" ON "streams" USING btree ("status","started_at") WHERE "streams"."status" = 'live';--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_kind_shape_check" CHECK (("chats"."kind" in ('channel', 'stream') and "chats"."owner_id" is not null and "chats"."user_low_id" is null and "chats"."user_high_id" is null)
        or ("chats"."kind" = 'direct' and "chats"."owner_id" is null and "chats"."user_low_id" < "chats"."user_high_id"));
CREATE TABLE "dm_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dm_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"buyer_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dm_purchases_price_check" CHECK ("dm_purchases"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tip_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tip_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"requester_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tip_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "tip_requests_amount_check" CHECK ("tip_requests"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipper_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"story_id" integer,
	"amount_cents" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_amount_check" CHECK ("tips"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_months" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "transfer_id" bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renews" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "story_unlocks" ADD COLUMN "transfer_id" bigint;--> statement-breakpoint
ALTER TABLE "dm_purchases" ADD CONSTRAINT "dm_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_purchases" ADD CONSTRAINT "dm_purchases_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_purchases" ADD CONSTRAINT "dm_purchases_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_requests" ADD CONSTRAINT "tip_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_requests" ADD CONSTRAINT "tip_requests_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_requests" ADD CONSTRAINT "tip_requests_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_tipper_id_users_id_fk" FOREIGN KEY ("tipper_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dm_purchases_pair_key" ON "dm_purchases" USING btree ("buyer_id","creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dm_purchases_transfer_key" ON "dm_purchases" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "tip_requests_target_idx" ON "tip_requests" USING btree ("target_id","created_at") WHERE "tip_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "tips_story_idx" ON "tips" USING btree ("story_id","created_at");--> statement-breakpoint
CREATE INDEX "tips_creator_idx" ON "tips" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_transfer_key" ON "tips" USING btree ("transfer_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_unlocks" ADD CONSTRAINT "story_unlocks_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("expires_at") WHERE "subscriptions"."settled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_transfer_key" ON "subscriptions" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "story_unlocks_transfer_key" ON "story_unlocks" USING btree ("transfer_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_price_check" CHECK ("subscriptions"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."period_months" between 1 and 12);--> statement-breakpoint
-- Periods from before purchases were paid for nothing: they run out without renewal.
UPDATE "subscriptions" SET "renews" = false, "settled_at" = CASE WHEN "expires_at" <= now() THEN now() END;

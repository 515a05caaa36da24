CREATE TABLE "payment_checkouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_checkouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"payment_ref" text,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"return_to" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sandbox_outcome" text,
	"reversed_cents" bigint DEFAULT 0 NOT NULL,
	"unrecovered_cents" bigint DEFAULT 0 NOT NULL,
	"top_up_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_checkouts_amount_positive" CHECK ("payment_checkouts"."amount_cents" > 0),
	CONSTRAINT "payment_checkouts_reversed_range" CHECK ("payment_checkouts"."reversed_cents" >= 0 and "payment_checkouts"."reversed_cents" <= "payment_checkouts"."amount_cents" and "payment_checkouts"."unrecovered_cents" >= 0 and "payment_checkouts"."unrecovered_cents" <= "payment_checkouts"."reversed_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"ref" text NOT NULL,
	"event" jsonb NOT NULL,
	"state" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_clawbacks" (
	"purchase_transfer_id" bigint PRIMARY KEY NOT NULL,
	"checkout_id" integer NOT NULL,
	"reversal_transfer_id" bigint,
	"unrecovered_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_top_up_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("top_up_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_clawbacks" ADD CONSTRAINT "purchase_clawbacks_purchase_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("purchase_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_clawbacks" ADD CONSTRAINT "purchase_clawbacks_checkout_id_payment_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."payment_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_clawbacks" ADD CONSTRAINT "purchase_clawbacks_reversal_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reversal_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_public_id_key" ON "payment_checkouts" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_provider_ref_key" ON "payment_checkouts" USING btree ("provider","provider_ref") WHERE "payment_checkouts"."provider_ref" is not null;--> statement-breakpoint
CREATE INDEX "payment_checkouts_payment_ref_idx" ON "payment_checkouts" USING btree ("provider","payment_ref") WHERE "payment_checkouts"."payment_ref" is not null;--> statement-breakpoint
CREATE INDEX "payment_checkouts_user_idx" ON "payment_checkouts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payment_events_deferred_idx" ON "payment_events" USING btree ("provider","ref") WHERE "payment_events"."state" = 'deferred';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_public_id_key" ON "payouts" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","id");
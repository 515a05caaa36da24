CREATE TABLE "demo_seed_steps" (
	"step" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);

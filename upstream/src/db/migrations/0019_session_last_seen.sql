ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Sessions open before: last seen when they were last refreshed.
UPDATE "sessions" SET "last_seen_at" = "refreshed_at";

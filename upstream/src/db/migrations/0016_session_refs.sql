ALTER TABLE "sessions" ADD COLUMN "ref" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_ref_key" ON "sessions" USING btree ("ref");
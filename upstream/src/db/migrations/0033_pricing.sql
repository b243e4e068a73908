ALTER TABLE "orders" ADD COLUMN "distance_m" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "estimate_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_id" integer;
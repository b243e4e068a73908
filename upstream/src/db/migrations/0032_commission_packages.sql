CREATE TABLE "package_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "package_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"package_name" text NOT NULL,
	"duration_days" integer NOT NULL,
	"price" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
DROP INDEX "shop_configs_app_key";--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "area_id" integer;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD COLUMN "commission_rate" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "package_expired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bikers" ADD COLUMN "package_expired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_subscriptions" ADD CONSTRAINT "package_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_subscriptions_active_key" ON "package_subscriptions" USING btree ("owner_type","owner_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "package_subscriptions_owner_idx" ON "package_subscriptions" USING btree ("owner_type","owner_id","id");--> statement-breakpoint
CREATE INDEX "package_subscriptions_due_idx" ON "package_subscriptions" USING btree ("ends_at") WHERE status = 'active';--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_configs_area_key" ON "shop_configs" USING btree ("app_id","area_id") WHERE area_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_configs_app_key" ON "shop_configs" USING btree ("app_id") WHERE area_id IS NULL;
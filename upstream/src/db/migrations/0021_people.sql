CREATE TABLE "account_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"party" text NOT NULL,
	"party_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biker_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biker_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"max_tasks" integer DEFAULT 1 NOT NULL,
	"accept_timeout_sec" integer DEFAULT 30 NOT NULL,
	"search_radius_km" integer DEFAULT 5 NOT NULL,
	"max_online_hours" integer DEFAULT 12 NOT NULL,
	"commission_rate" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "biker_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biker_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"commission_rate" integer DEFAULT 0 NOT NULL,
	"duration" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "biker_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biker_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"vehicle" text DEFAULT '' NOT NULL,
	"plate" text DEFAULT '' NOT NULL,
	"package_id" integer,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"biker_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"lat" text,
	"lng" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"target" text NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"shop_id" integer,
	"biker_id" integer,
	"stars" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" text,
	"hidden_by" integer,
	"hidden_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bikers" ADD COLUMN "vehicle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bikers" ADD COLUMN "plate" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bikers" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_status_changes" ADD CONSTRAINT "account_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_configs" ADD CONSTRAINT "biker_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_configs" ADD CONSTRAINT "biker_configs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_configs" ADD CONSTRAINT "biker_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_packages" ADD CONSTRAINT "biker_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_packages" ADD CONSTRAINT "biker_packages_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_packages" ADD CONSTRAINT "biker_packages_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_packages" ADD CONSTRAINT "biker_packages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_registrations" ADD CONSTRAINT "biker_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_registrations" ADD CONSTRAINT "biker_registrations_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_registrations" ADD CONSTRAINT "biker_registrations_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_registrations" ADD CONSTRAINT "biker_registrations_package_id_biker_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."biker_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_registrations" ADD CONSTRAINT "biker_registrations_biker_id_bikers_id_fk" FOREIGN KEY ("biker_id") REFERENCES "public"."bikers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biker_registrations" ADD CONSTRAINT "biker_registrations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_biker_id_bikers_id_fk" FOREIGN KEY ("biker_id") REFERENCES "public"."bikers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_status_changes_party_idx" ON "account_status_changes" USING btree ("party","party_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "biker_configs_app_key" ON "biker_configs" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "biker_packages_scope_idx" ON "biker_packages" USING btree ("app_id","area_id","id");--> statement-breakpoint
CREATE INDEX "biker_registrations_scope_idx" ON "biker_registrations" USING btree ("app_id","state","area_id","id");--> statement-breakpoint
CREATE INDEX "member_addresses_member_idx" ON "member_addresses" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_order_target_key" ON "ratings" USING btree ("order_id","target");--> statement-breakpoint
CREATE INDEX "ratings_list_idx" ON "ratings" USING btree ("app_id","target","area_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ratings_shop_idx" ON "ratings" USING btree ("shop_id","hidden");--> statement-breakpoint
CREATE INDEX "ratings_biker_idx" ON "ratings" USING btree ("biker_id","hidden");--> statement-breakpoint
CREATE INDEX "ratings_member_idx" ON "ratings" USING btree ("member_id","id");
CREATE TABLE "shop_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"default_package_id" integer,
	"default_type_id" integer,
	"commission_rate" integer DEFAULT 0 NOT NULL,
	"default_open_time" text DEFAULT '08:00' NOT NULL,
	"default_close_time" text DEFAULT '20:00' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "shop_hours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"hours" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"duration" integer NOT NULL,
	"limit_post" integer DEFAULT 0 NOT NULL,
	"limit_product" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"owner" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"type_id" integer,
	"package_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"shop_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"by_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "owner" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "open_time" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "close_time" text DEFAULT '20:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "lat" numeric(10, 7) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "lng" numeric(10, 7) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "type_id" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "permission_edit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "order_show_price" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "show_distance_shop_on_home" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "show_person_detail_on_shop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "limit_post" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "limit_product" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_default_package_id_shop_packages_id_fk" FOREIGN KEY ("default_package_id") REFERENCES "public"."shop_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_default_type_id_shop_types_id_fk" FOREIGN KEY ("default_type_id") REFERENCES "public"."shop_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_configs" ADD CONSTRAINT "shop_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_hours" ADD CONSTRAINT "shop_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_hours" ADD CONSTRAINT "shop_hours_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_hours" ADD CONSTRAINT "shop_hours_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_hours" ADD CONSTRAINT "shop_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_hours" ADD CONSTRAINT "shop_hours_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_packages" ADD CONSTRAINT "shop_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_packages" ADD CONSTRAINT "shop_packages_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_packages" ADD CONSTRAINT "shop_packages_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_packages" ADD CONSTRAINT "shop_packages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_registrations" ADD CONSTRAINT "shop_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_registrations" ADD CONSTRAINT "shop_registrations_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_registrations" ADD CONSTRAINT "shop_registrations_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_registrations" ADD CONSTRAINT "shop_registrations_type_id_shop_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."shop_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_registrations" ADD CONSTRAINT "shop_registrations_package_id_shop_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."shop_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_registrations" ADD CONSTRAINT "shop_registrations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_registrations" ADD CONSTRAINT "shop_registrations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_status_history" ADD CONSTRAINT "shop_status_history_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_status_history" ADD CONSTRAINT "shop_status_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_types" ADD CONSTRAINT "shop_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_types" ADD CONSTRAINT "shop_types_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_types" ADD CONSTRAINT "shop_types_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_types" ADD CONSTRAINT "shop_types_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_configs_app_key" ON "shop_configs" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_hours_shop_key" ON "shop_hours" USING btree ("shop_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "shop_hours_scope_idx" ON "shop_hours" USING btree ("app_id","area_id","id");--> statement-breakpoint
CREATE INDEX "shop_packages_scope_idx" ON "shop_packages" USING btree ("app_id","area_id","id");--> statement-breakpoint
CREATE INDEX "shop_registrations_scope_idx" ON "shop_registrations" USING btree ("app_id","state","area_id","id");--> statement-breakpoint
CREATE INDEX "shop_status_history_shop_idx" ON "shop_status_history" USING btree ("shop_id","at");--> statement-breakpoint
CREATE INDEX "shop_types_scope_idx" ON "shop_types" USING btree ("app_id","area_id","sort_order","id");--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_package_id_shop_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."shop_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_type_id_shop_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."shop_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shops_app_id_idx" ON "shops" USING btree ("app_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "shops_app_area_id_idx" ON "shops" USING btree ("app_id","area_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "shops_app_name_idx" ON "shops" USING btree ("app_id","name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "shops_app_area_name_idx" ON "shops" USING btree ("app_id","area_id","name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "shops_app_created_idx" ON "shops" USING btree ("app_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "shops_app_area_created_idx" ON "shops" USING btree ("app_id","area_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "shops_app_updated_idx" ON "shops" USING btree ("app_id","updated_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "shops_app_status_idx" ON "shops" USING btree ("app_id","status","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "shops_email_idx" ON "shops" USING btree ("app_id","email");--> statement-breakpoint
CREATE INDEX "shops_phone_idx" ON "shops" USING btree ("app_id","phone");
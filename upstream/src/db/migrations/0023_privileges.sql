CREATE TABLE "gift_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer NOT NULL,
	"points" integer NOT NULL,
	"state" text DEFAULT 'redeemed' NOT NULL,
	"idempotency_key" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"points_cost" integer NOT NULL,
	"stock" integer NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"starts_on" text DEFAULT '' NOT NULL,
	"ends_on" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "gifts_stock_check" CHECK ("gifts"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_balances" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_balances_balance_check" CHECK ("point_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"source" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" integer,
	"redemption_id" integer,
	"referral_id" integer,
	"shop_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_movements_daily" (
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "point_movements_daily_app_id_area_id_day_source_pk" PRIMARY KEY("app_id","area_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "point_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"points_per_100_baht" integer DEFAULT 1 NOT NULL,
	"registration_points" integer DEFAULT 0 NOT NULL,
	"inviter_points" integer DEFAULT 0 NOT NULL,
	"invitee_points" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "popular_shops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "popular_shops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"starts_on" text DEFAULT '' NOT NULL,
	"ends_on" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"target" text DEFAULT 'app' NOT NULL,
	"shop_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_on" text NOT NULL,
	"ends_on" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"inviter_points" integer DEFAULT 0 NOT NULL,
	"invitee_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_uses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voucher_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"shop_id" integer,
	"discount" integer NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"amount_kind" text DEFAULT 'fixed' NOT NULL,
	"amount" integer NOT NULL,
	"max_discount" integer DEFAULT 0 NOT NULL,
	"expire_date" text NOT NULL,
	"limit_max" integer NOT NULL,
	"per_user" integer DEFAULT 1 NOT NULL,
	"shop_id" integer,
	"type_of_discount" text DEFAULT 'everyOrder' NOT NULL,
	"limit_amount_by_order" integer DEFAULT 0 NOT NULL,
	"type_limit_amount_by_order" text DEFAULT 'order_price' NOT NULL,
	"source" text DEFAULT 'app' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_source" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_redemptions" ADD CONSTRAINT "gift_redemptions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_movements" ADD CONSTRAINT "point_movements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_movements" ADD CONSTRAINT "point_movements_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_movements" ADD CONSTRAINT "point_movements_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_movements" ADD CONSTRAINT "point_movements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_movements" ADD CONSTRAINT "point_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_movements" ADD CONSTRAINT "point_movements_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_movements" ADD CONSTRAINT "point_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_rules" ADD CONSTRAINT "point_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_rules" ADD CONSTRAINT "point_rules_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_rules" ADD CONSTRAINT "point_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popular_shops" ADD CONSTRAINT "popular_shops_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popular_shops" ADD CONSTRAINT "popular_shops_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popular_shops" ADD CONSTRAINT "popular_shops_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popular_shops" ADD CONSTRAINT "popular_shops_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popular_shops" ADD CONSTRAINT "popular_shops_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_id_members_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_id_members_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_redemptions_key" ON "gift_redemptions" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "gift_redemptions_list_idx" ON "gift_redemptions" USING btree ("app_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "gift_redemptions_gift_idx" ON "gift_redemptions" USING btree ("gift_id","id");--> statement-breakpoint
CREATE INDEX "gifts_scope_idx" ON "gifts" USING btree ("app_id","kind","area_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "point_movements_key" ON "point_movements" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "point_movements_list_idx" ON "point_movements" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE INDEX "point_movements_area_list_idx" ON "point_movements" USING btree ("app_id","area_id","created_at","id");--> statement-breakpoint
CREATE INDEX "point_movements_source_idx" ON "point_movements" USING btree ("app_id","source","created_at","id");--> statement-breakpoint
CREATE INDEX "point_movements_member_idx" ON "point_movements" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_rules_app_key" ON "point_rules" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "popular_shops_shop_key" ON "popular_shops" USING btree ("app_id","area_id","shop_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "popular_shops_scope_idx" ON "popular_shops" USING btree ("app_id","area_id","sort_order","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "promotions_scope_idx" ON "promotions" USING btree ("app_id","area_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_invitee_key" ON "referrals" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "referrals_scope_idx" ON "referrals" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_uses_order_key" ON "voucher_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "voucher_uses_voucher_idx" ON "voucher_uses" USING btree ("voucher_id","id");--> statement-breakpoint
CREATE INDEX "voucher_uses_member_idx" ON "voucher_uses" USING btree ("voucher_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_key" ON "vouchers" USING btree ("app_id","code") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "vouchers_scope_idx" ON "vouchers" USING btree ("app_id","area_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
-- The points history's daily counts and sums follow every insert (once per statement); movements are never changed.
CREATE FUNCTION "point_movements_daily_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "point_movements_daily" ("app_id", "area_id", "day", "source", "n", "points")
    SELECT "app_id", "area_id", ("created_at" AT TIME ZONE 'Asia/Bangkok')::date, "source", count(*), sum("amount")
    FROM "added" GROUP BY 1, 2, 3, 4
  ON CONFLICT ("app_id", "area_id", "day", "source") DO UPDATE
    SET "n" = "point_movements_daily"."n" + EXCLUDED."n", "points" = "point_movements_daily"."points" + EXCLUDED."points";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "point_movements_daily_added" AFTER INSERT ON "point_movements" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "point_movements_daily_added"();--> statement-breakpoint
ALTER TABLE "point_movements" ENABLE ALWAYS TRIGGER "point_movements_daily_added";

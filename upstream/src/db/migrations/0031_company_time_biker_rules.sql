ALTER TABLE "bikers" ADD COLUMN "online_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bikers_online_since_idx" ON "bikers" USING btree ("app_id","online_since") WHERE "bikers"."presence" <> 'offline' AND "bikers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_offered_idx" ON "orders" USING btree ("app_id","offered_at") WHERE "orders"."offered_at" IS NOT NULL;--> statement-breakpoint
-- Bikers online now are online since their row last changed (the sweep of Config/Biker's maxOnlineHours counts from it).
UPDATE "bikers" SET "online_since" = "updated_at" WHERE "presence" <> 'offline';--> statement-breakpoint
-- The day-keyed rollups were kept in Asia/Bangkok days: those of a company in another zone are made again in its days.
DELETE FROM "order_daily" WHERE "app_id" IN (SELECT a."id" FROM "apps" a JOIN "companies" c ON c."id" = a."company_id" WHERE c."time_zone" <> 'Asia/Bangkok');--> statement-breakpoint
DELETE FROM "shop_daily" WHERE "app_id" IN (SELECT a."id" FROM "apps" a JOIN "companies" c ON c."id" = a."company_id" WHERE c."time_zone" <> 'Asia/Bangkok');--> statement-breakpoint
DELETE FROM "report_daily" WHERE "app_id" IN (SELECT a."id" FROM "apps" a JOIN "companies" c ON c."id" = a."company_id" WHERE c."time_zone" <> 'Asia/Bangkok');--> statement-breakpoint
INSERT INTO "order_daily" ("app_id", "area_id", "day", "kind", "status", "payment_method", "orders", "amount", "commission")
  SELECT o."app_id", o."area_id", (o."created_at" AT TIME ZONE c."time_zone")::date, o."kind", o."status", o."payment_method", count(*)::int, sum(o."total")::int8,
    coalesce(sum(o."app_share") FILTER (WHERE o."status" = 'success'), 0)::int8
  FROM "orders" o JOIN "companies" c ON c."id" = o."company_id" WHERE c."time_zone" <> 'Asia/Bangkok' GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO "shop_daily" ("app_id", "area_id", "day", "shop_id", "orders", "amount")
  SELECT o."app_id", o."area_id", (o."created_at" AT TIME ZONE c."time_zone")::date, o."shop_id", count(*)::int, sum(o."total")::int8
  FROM "orders" o JOIN "companies" c ON c."id" = o."company_id"
  WHERE c."time_zone" <> 'Asia/Bangkok' AND o."status" = 'success' AND o."shop_id" IS NOT NULL GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "report_daily" ("app_id", "party", "day", "area_id", "party_id", "orders", "items", "fee", "discount", "total", "app_share", "shop_share", "biker_share")
  SELECT o."app_id", p.party, (o."created_at" AT TIME ZONE c."time_zone")::date, o."area_id", CASE WHEN p.party = 'shop' THEN coalesce(o."shop_id", 0) ELSE o."biker_id" END,
    count(*)::int, sum(o."items_total"), sum(o."delivery_fee"), sum(o."discount"), sum(o."total"), sum(o."app_share"), sum(o."shop_share"), sum(o."biker_share")
  FROM "orders" o JOIN "companies" c ON c."id" = o."company_id" CROSS JOIN (VALUES ('shop'), ('biker')) AS p(party)
  WHERE c."time_zone" <> 'Asia/Bangkok' AND o."status" = 'success' AND (p.party = 'shop' OR o."biker_id" IS NOT NULL)
  GROUP BY 1, 2, 3, 4, 5;

CREATE TABLE "report_daily" (
	"app_id" integer NOT NULL,
	"party" text NOT NULL,
	"day" date NOT NULL,
	"area_id" integer NOT NULL,
	"party_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"items" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"app_share" bigint DEFAULT 0 NOT NULL,
	"shop_share" bigint DEFAULT 0 NOT NULL,
	"biker_share" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_app_id_party_day_area_id_party_id_pk" PRIMARY KEY("app_id","party","day","area_id","party_id")
);
--> statement-breakpoint
-- The orders that succeeded before the table: once under their shop (0 without one), once under their biker.
INSERT INTO "report_daily" ("app_id", "party", "day", "area_id", "party_id", "orders", "items", "fee", "discount", "total", "app_share", "shop_share", "biker_share")
SELECT "app_id", p.party, ("created_at" AT TIME ZONE 'Asia/Bangkok')::date, "area_id", CASE WHEN p.party = 'shop' THEN coalesce("shop_id", 0) ELSE "biker_id" END,
  count(*)::int, sum("items_total"), sum("delivery_fee"), sum("discount"), sum("total"), sum("app_share"), sum("shop_share"), sum("biker_share")
FROM "orders" CROSS JOIN (VALUES ('shop'), ('biker')) AS p(party)
WHERE "status" = 'success' AND (p.party = 'shop' OR "biker_id" IS NOT NULL)
GROUP BY 1, 2, 3, 4, 5;

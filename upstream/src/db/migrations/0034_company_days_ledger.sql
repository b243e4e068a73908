-- The wallet transactions' and point movements' daily counts are kept by the company's days (Setting/System's time
-- zone) instead of Asia/Bangkok's, as the order rollups are (domain/company-time.ts). Each trigger first takes the
-- company's time lock shared (21594 = 0x545a, the key of domain/company-time.ts), so a change of zone, which takes it
-- exclusively and rebuilds the counts, never races a writer; the statement after it reads the zone then in force.
CREATE OR REPLACE FUNCTION "wallet_tx_daily_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(21594, s."company_id") FROM (SELECT DISTINCT "company_id" FROM "added" WHERE "company_id" IS NOT NULL ORDER BY 1) s;
  INSERT INTO "wallet_tx_daily" ("company_id", "app_id", "owner_type", "area_id", "day", "type", "status", "n")
    SELECT a."company_id", a."app_id", a."owner_type", coalesce(a."area_id", 0), (a."created_at" AT TIME ZONE coalesce(c."time_zone", 'Asia/Bangkok'))::date,
      a."type", a."status", count(*)
    FROM "added" a LEFT JOIN "companies" c ON c."id" = a."company_id" GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ("app_id", "owner_type", "area_id", "day", "type", "status") DO UPDATE SET "n" = "wallet_tx_daily"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wallet_tx_daily_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(21594, s."company_id") FROM (SELECT DISTINCT "company_id" FROM "after" WHERE "company_id" IS NOT NULL ORDER BY 1) s;
  WITH moved AS (
    SELECT o."company_id", o."app_id", o."owner_type", coalesce(o."area_id", 0) AS "area_id",
           (o."created_at" AT TIME ZONE coalesce(c."time_zone", 'Asia/Bangkok'))::date AS "day",
           o."type" AS "old_type", o."status" AS "old_status", n."type" AS "new_type", n."status" AS "new_status"
      FROM "before" o JOIN "after" n ON n."id" = o."id" LEFT JOIN "companies" c ON c."id" = o."company_id"
     WHERE o."status" IS DISTINCT FROM n."status" OR o."type" IS DISTINCT FROM n."type"),
  deltas AS (
    SELECT "company_id", "app_id", "owner_type", "area_id", "day", "old_type" AS "type", "old_status" AS "status", -1 AS "d" FROM moved
    UNION ALL
    SELECT "company_id", "app_id", "owner_type", "area_id", "day", "new_type", "new_status", 1 FROM moved)
  INSERT INTO "wallet_tx_daily" ("company_id", "app_id", "owner_type", "area_id", "day", "type", "status", "n")
    SELECT "company_id", "app_id", "owner_type", "area_id", "day", "type", "status", sum("d") FROM deltas GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ("app_id", "owner_type", "area_id", "day", "type", "status") DO UPDATE SET "n" = "wallet_tx_daily"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "point_movements_daily_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(21594, s."company_id") FROM (SELECT DISTINCT "company_id" FROM "added" WHERE "company_id" IS NOT NULL ORDER BY 1) s;
  INSERT INTO "point_movements_daily" ("app_id", "area_id", "day", "source", "n", "points")
    SELECT a."app_id", a."area_id", (a."created_at" AT TIME ZONE coalesce(c."time_zone", 'Asia/Bangkok'))::date, a."source", count(*), sum(a."amount")
    FROM "added" a LEFT JOIN "companies" c ON c."id" = a."company_id" GROUP BY 1, 2, 3, 4
  ON CONFLICT ("app_id", "area_id", "day", "source") DO UPDATE
    SET "n" = "point_movements_daily"."n" + EXCLUDED."n", "points" = "point_movements_daily"."points" + EXCLUDED."points";
  RETURN NULL;
END $$;--> statement-breakpoint
-- The counts of a company already in another zone are made again in its days.
DELETE FROM "wallet_tx_daily" WHERE "company_id" IN (SELECT "id" FROM "companies" WHERE "time_zone" <> 'Asia/Bangkok');--> statement-breakpoint
INSERT INTO "wallet_tx_daily" ("company_id", "app_id", "owner_type", "area_id", "day", "type", "status", "n")
  SELECT t."company_id", t."app_id", t."owner_type", coalesce(t."area_id", 0), (t."created_at" AT TIME ZONE c."time_zone")::date, t."type", t."status", count(*)
  FROM "wallet_transactions" t JOIN "companies" c ON c."id" = t."company_id" WHERE c."time_zone" <> 'Asia/Bangkok' GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
DELETE FROM "point_movements_daily" WHERE "app_id" IN (SELECT a."id" FROM "apps" a JOIN "companies" c ON c."id" = a."company_id" WHERE c."time_zone" <> 'Asia/Bangkok');--> statement-breakpoint
INSERT INTO "point_movements_daily" ("app_id", "area_id", "day", "source", "n", "points")
  SELECT m."app_id", m."area_id", (m."created_at" AT TIME ZONE c."time_zone")::date, m."source", count(*), sum(m."amount")
  FROM "point_movements" m JOIN "companies" c ON c."id" = m."company_id" WHERE c."time_zone" <> 'Asia/Bangkok' GROUP BY 1, 2, 3, 4;

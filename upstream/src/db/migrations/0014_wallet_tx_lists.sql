CREATE TABLE "wallet_tx_daily" (
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"area_id" integer NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_tx_daily_app_id_owner_type_area_id_day_type_status_pk" PRIMARY KEY("app_id","owner_type","area_id","day","type","status")
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "app_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "owner_type" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "area_id" integer;--> statement-breakpoint
-- Every transaction gets its wallet's place and owner type; the daily counts start from what is there.
UPDATE "wallet_transactions" t SET "company_id" = w."company_id", "app_id" = w."app_id", "owner_type" = w."owner_type", "area_id" = w."area_id"
  FROM "wallets" w WHERE w."id" = t."wallet_id";--> statement-breakpoint
INSERT INTO "wallet_tx_daily" ("company_id", "app_id", "owner_type", "area_id", "day", "type", "status", "n")
  SELECT "company_id", "app_id", "owner_type", coalesce("area_id", 0), ("created_at" AT TIME ZONE 'Asia/Bangkok')::date, "type", "status", count(*)
  FROM "wallet_transactions" GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
-- A new transaction takes its wallet's place, whoever writes it.
CREATE FUNCTION "wallet_tx_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT w."company_id", w."app_id", w."owner_type", w."area_id" INTO NEW."company_id", NEW."app_id", NEW."owner_type", NEW."area_id"
    FROM "wallets" w WHERE w."id" = NEW."wallet_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "wallet_tx_place" BEFORE INSERT ON "wallet_transactions" FOR EACH ROW EXECUTE FUNCTION "wallet_tx_place"();--> statement-breakpoint
-- The daily counts follow every insert (once per statement) and every change of status.
CREATE FUNCTION "wallet_tx_daily_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "wallet_tx_daily" ("company_id", "app_id", "owner_type", "area_id", "day", "type", "status", "n")
    SELECT "company_id", "app_id", "owner_type", coalesce("area_id", 0), ("created_at" AT TIME ZONE 'Asia/Bangkok')::date, "type", "status", count(*)
    FROM "added" GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ("app_id", "owner_type", "area_id", "day", "type", "status") DO UPDATE SET "n" = "wallet_tx_daily"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "wallet_tx_daily_added" AFTER INSERT ON "wallet_transactions" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_tx_daily_added"();--> statement-breakpoint
CREATE FUNCTION "wallet_tx_daily_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT o."company_id", o."app_id", o."owner_type", coalesce(o."area_id", 0) AS "area_id", (o."created_at" AT TIME ZONE 'Asia/Bangkok')::date AS "day",
           o."type" AS "old_type", o."status" AS "old_status", n."type" AS "new_type", n."status" AS "new_status"
      FROM "before" o JOIN "after" n ON n."id" = o."id"
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
CREATE TRIGGER "wallet_tx_daily_moved" AFTER UPDATE ON "wallet_transactions" REFERENCING OLD TABLE AS "before" NEW TABLE AS "after"
  FOR EACH STATEMENT EXECUTE FUNCTION "wallet_tx_daily_moved"();--> statement-breakpoint
-- They fire in every session, the seed's bulk writes too (which skip the reference checks as a replica would).
ALTER TABLE "wallet_transactions" ENABLE ALWAYS TRIGGER "wallet_tx_place";--> statement-breakpoint
ALTER TABLE "wallet_transactions" ENABLE ALWAYS TRIGGER "wallet_tx_daily_added";--> statement-breakpoint
ALTER TABLE "wallet_transactions" ENABLE ALWAYS TRIGGER "wallet_tx_daily_moved";--> statement-breakpoint
CREATE INDEX "wallet_transactions_list_idx" ON "wallet_transactions" USING btree ("app_id","owner_type","created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_area_list_idx" ON "wallet_transactions" USING btree ("app_id","owner_type","area_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_amount_idx" ON "wallet_transactions" USING btree ("app_id","owner_type","type","amount","id");
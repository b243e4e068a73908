CREATE TABLE "product_counts" (
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_counts_app_id_area_id_shop_id_status_pk" PRIMARY KEY("app_id","area_id","shop_id","status")
);
--> statement-breakpoint
-- The live products per shop and status follow every insert, update and delete of products (once per statement):
-- each statement's rows as they were leave the counts, the rows as they are join them (a soft delete is an update).
CREATE FUNCTION "product_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_counts" ("app_id", "area_id", "shop_id", "status", "n")
    SELECT "app_id", "area_id", "shop_id", "status", sum("d") FROM (
      SELECT "app_id", "area_id", "shop_id", "status", 1 AS "d" FROM "product_counts_new" WHERE "deleted_at" IS NULL
      UNION ALL
      SELECT "app_id", "area_id", "shop_id", "status", -1 AS "d" FROM "product_counts_old" WHERE "deleted_at" IS NULL
    ) AS "moves" GROUP BY 1, 2, 3, 4 HAVING sum("d") <> 0
  ON CONFLICT ("app_id", "area_id", "shop_id", "status") DO UPDATE SET "n" = "product_counts"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_counts" ("app_id", "area_id", "shop_id", "status", "n")
    SELECT "app_id", "area_id", "shop_id", "status", count(*) FROM "product_counts_new" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3, 4
  ON CONFLICT ("app_id", "area_id", "shop_id", "status") DO UPDATE SET "n" = "product_counts"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_counts" ("app_id", "area_id", "shop_id", "status", "n")
    SELECT "app_id", "area_id", "shop_id", "status", -count(*) FROM "product_counts_old" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3, 4
  ON CONFLICT ("app_id", "area_id", "shop_id", "status") DO UPDATE SET "n" = "product_counts"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_counts_added" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "product_counts_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_added"();--> statement-breakpoint
CREATE TRIGGER "product_counts_changed" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "product_counts_old" NEW TABLE AS "product_counts_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "product_counts_removed" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "product_counts_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_removed"();--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "product_counts_added";--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "product_counts_changed";--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "product_counts_removed";--> statement-breakpoint
-- The products written before the counts existed.
INSERT INTO "product_counts" ("app_id", "area_id", "shop_id", "status", "n")
  SELECT "app_id", "area_id", "shop_id", "status", count(*) FROM "products" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3, 4;

CREATE TABLE "member_counts" (
	"app_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_counts_app_id_area_id_status_pk" PRIMARY KEY("app_id","area_id","status")
);
--> statement-breakpoint
CREATE INDEX "members_newest_idx" ON "members" USING btree ("app_id","created_at" DESC NULLS FIRST,"id") WHERE deleted_at IS NULL;--> statement-breakpoint-- Live members per app, area and status follow every insert, change (status, area, deletion) and delete, once per statement.
CREATE FUNCTION "member_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH deltas AS (
    SELECT "app_id", "area_id", "status", -1 AS "d" FROM "gone" WHERE "deleted_at" IS NULL
    UNION ALL
    SELECT "app_id", "area_id", "status", 1 FROM "came" WHERE "deleted_at" IS NULL)
  INSERT INTO "member_counts" ("app_id", "area_id", "status", "n")
    SELECT "app_id", "area_id", "status", sum("d") FROM deltas GROUP BY 1, 2, 3 HAVING sum("d") <> 0
  ON CONFLICT ("app_id", "area_id", "status") DO UPDATE SET "n" = "member_counts"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "member_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_counts" ("app_id", "area_id", "status", "n")
    SELECT "app_id", "area_id", "status", count(*) FROM "came" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3
  ON CONFLICT ("app_id", "area_id", "status") DO UPDATE SET "n" = "member_counts"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "member_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_counts" ("app_id", "area_id", "status", "n")
    SELECT "app_id", "area_id", "status", -count(*) FROM "gone" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3
  ON CONFLICT ("app_id", "area_id", "status") DO UPDATE SET "n" = "member_counts"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_counts_added" AFTER INSERT ON "members" REFERENCING NEW TABLE AS "came"
  FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_added"();--> statement-breakpoint
CREATE TRIGGER "member_counts_changed" AFTER UPDATE ON "members" REFERENCING OLD TABLE AS "gone" NEW TABLE AS "came"
  FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "member_counts_removed" AFTER DELETE ON "members" REFERENCING OLD TABLE AS "gone"
  FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_removed"();--> statement-breakpoint
-- They fire in every session, the seed's bulk writes too (which skip the reference checks as a replica would).
ALTER TABLE "members" ENABLE ALWAYS TRIGGER "member_counts_added";--> statement-breakpoint
ALTER TABLE "members" ENABLE ALWAYS TRIGGER "member_counts_changed";--> statement-breakpoint
ALTER TABLE "members" ENABLE ALWAYS TRIGGER "member_counts_removed";--> statement-breakpoint
INSERT INTO "member_counts" ("app_id", "area_id", "status", "n")
  SELECT "app_id", "area_id", "status", count(*) FROM "members" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3;

-- The rate saved on Config/Shop becomes the one the ledger splits new orders by.
INSERT INTO "commission_configs" ("app_id", "company_id", "shop_commission", "updated_at")
SELECT "app_id", "company_id", "commission_rate", now() FROM "shop_configs" WHERE "commission_rate" > 0
ON CONFLICT ("app_id") DO UPDATE SET "shop_commission" = EXCLUDED."shop_commission";--> statement-breakpoint
ALTER TABLE "shop_configs" DROP COLUMN "commission_rate";

-- The commission rates an order was made with. Orders already there take their app's current rates (or the defaults).
ALTER TABLE "orders" ADD COLUMN "shop_commission" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "biker_commission" integer;--> statement-breakpoint
UPDATE "orders" AS o SET
  "shop_commission" = coalesce((SELECT c."shop_commission" FROM "commission_configs" AS c WHERE c."app_id" = o."app_id"), 1500),
  "biker_commission" = coalesce((SELECT c."biker_commission" FROM "commission_configs" AS c WHERE c."app_id" = o."app_id"), 2000);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shop_commission" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "biker_commission" SET NOT NULL;

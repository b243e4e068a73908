CREATE TABLE "order_payments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "currency_settings" ADD COLUMN "code" text DEFAULT 'THB' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_reference_key" ON "order_payments" USING btree ("company_id","provider","reference");--> statement-breakpoint
-- Orders a callback paid before this table existed: the reference the callback left on the payment event's note
-- ('payment {reference}'), the provider behind the order's method, the order's total. A reference that paid more than
-- one order keeps its first.
INSERT INTO "order_payments" ("order_id", "company_id", "provider", "reference", "amount", "currency", "paid_at")
SELECT o."id", o."company_id",
  CASE o."payment_method" WHEN 'promptpay' THEN 'qrcode' WHEN 'credit_card' THEN 'card' WHEN 'paypal' THEN 'easybank' ELSE 'wallet' END,
  substr(e."note", 9), o."total", coalesce(c."code", 'THB'), e."at"
FROM "orders" o
JOIN "order_events" e ON e."order_id" = o."id" AND e."event" = 'member_create_order_payment_success' AND e."note" LIKE 'payment %'
LEFT JOIN "currency_settings" c ON c."app_id" = o."app_id"
WHERE o."payment_method" <> 'cash'
ORDER BY e."at", e."id"
ON CONFLICT DO NOTHING;

CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"role" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","created_at","id");--> statement-breakpoint
-- Append-only: a row of the log is never changed or deleted, whoever asks (wiping a whole database stays possible).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ALWAYS TRIGGER "audit_log_no_update";

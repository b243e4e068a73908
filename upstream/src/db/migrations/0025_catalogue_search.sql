ALTER TABLE "carriers" ALTER COLUMN "status" SET DEFAULT 'active';--> statement-breakpoint
-- Product search (a name containing the words typed) walks a trigram index of the live rows' names where pg_trgm is
-- available (PostgreSQL with its contrib extensions); elsewhere (PGlite, a server without it) the search scans.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: product search scans the rows';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS products_name_trgm_idx ON products USING gin (name gin_trgm_ops) WHERE deleted_at IS NULL;
  END IF;
END $$;

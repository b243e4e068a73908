import type { SeedVolume } from '../config';
import type { Db } from '../db/client';
import { ALL_TABLE_NAMES } from '../db/tables';
import { writeLedger, writeRollups } from './ledger-rows';
import { ensureLedgerSetup, prepareChunkTables, type OrderContext } from './order-context';
import { recentCountFor } from './order-data';
import { createPlan, type ChunkSpec } from './order-plan';
import { writeOrders } from './order-rows';
import { num, rows, run, skipReferenceChecks, type Conn } from './sql-text';

/**
 * The order history: 90 days of food and parcel orders with items, events, ledger and rollups, written with
 * set-based SQL in chunks. `seedOrderHistory` runs inside the demo seed's transaction; `addOrders` adds more to an
 * existing database (`npm run seed -- --orders N`), one transaction per chunk.
 */
const TEMP_TABLES = [
  'seed_places',
  'seed_paths',
  'seed_steps',
  'seed_menu',
  'seed_members',
  'seed_shops',
  'seed_bikers',
  'seed_avail',
  'seed_plan',
  'seed_items',
  'seed_orders',
  'seed_ops',
  'seed_legs',
];

/** One chunk of orders; answers how many were written (none when no place has members, shops and bikers). */
async function writeChunk(tx: Conn, ctx: OrderContext, spec: ChunkSpec): Promise<number> {
  if (!(await prepareChunkTables(tx, ctx))) {
    await run(tx, `DROP TABLE IF EXISTS ${TEMP_TABLES.join(', ')}`);
    return 0;
  }
  await createPlan(tx, spec);
  await writeOrders(tx, ctx.companyId, ctx.admin, spec.now);
  await writeLedger(tx, ctx.companyId, `seed-${spec.first}`);
  await writeRollups(tx, ctx.companyId);
  const [written] = await rows<{ n: number }>(tx, `SELECT count(*)::int AS n FROM seed_orders`);
  await run(tx, `DROP TABLE ${TEMP_TABLES.join(', ')}`);
  return written?.n ?? 0;
}

const SEED_CHUNK = 100_000;

/** The demo seed's history: `volume.orders` food and `volume.parcels` parcel orders, the newest still in flight. */
export async function seedOrderHistory(tx: Conn, ctx: OrderContext, volume: SeedVolume): Promise<number> {
  await ensureLedgerSetup(tx, ctx.companyId, ctx.now);
  await skipReferenceChecks(tx);
  const total = volume.orders + volume.parcels;
  let written = 0;
  for (let first = 1; first <= total; first += SEED_CHUNK) {
    const count = Math.min(SEED_CHUNK, total - first + 1);
    const recent = first === 1 ? recentCountFor(total) : 0;
    written += await writeChunk(tx, ctx, { first, count, runFirst: 1, parcels: volume.parcels, total, recent, now: ctx.now });
  }
  return written;
}

/** The company of the first admin and that admin, who cancels and reassigns in the generated histories. */
async function adminContext(db: Db, now: Date): Promise<OrderContext> {
  const [admin] = await rows<{ id: number; company_id: number; display_name: string }>(
    db,
    `SELECT id, company_id, display_name FROM users WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
  );
  if (!admin) throw new Error('Seed the demo data first.');
  return { companyId: admin.company_id, admin: { id: admin.id, name: admin.display_name }, now };
}

export interface AddOrdersOptions {
  now?: Date;
  /** Orders per transaction. */
  chunk?: number;
  /** Parcel orders added per food order. */
  parcelsPerOrder?: number;
  log?: (line: string) => void;
}

/** Adds `n` food orders (and their share of parcels) over the last 90 days; answers how many orders were written. */
export async function addOrders(db: Db, n: number, options: AddOrdersOptions = {}): Promise<number> {
  const ctx = await adminContext(db, options.now ?? new Date());
  const chunk = options.chunk ?? 50_000;
  const total = n + Math.floor(n * (options.parcelsPerOrder ?? 0.1));
  await db.transaction((tx) => ensureLedgerSetup(tx, ctx.companyId, ctx.now));
  const [last] = await rows<{ id: number }>(db, `SELECT coalesce(max(id), 0)::int AS id FROM orders`);
  const start = (last?.id ?? 0) + 1;
  const started = performance.now();
  let written = 0;
  for (let done = 0; done < total; done += chunk) {
    const count = Math.min(chunk, total - done);
    const spec: ChunkSpec = { first: start + done, count, runFirst: start, parcels: total - n, total, recent: 0, now: ctx.now };
    written += await db.transaction(async (tx) => {
      await skipReferenceChecks(tx);
      return writeChunk(tx, ctx, spec);
    });
    const seconds = (performance.now() - started) / 1000;
    options.log?.(`${num(done + count)} / ${num(total)} orders, ${seconds.toFixed(0)} s (${Math.round(written / Math.max(seconds, 0.001))}/s)`);
  }
  // As after any bulk load: statistics for the planner, and the visibility map that lets list pages walk the
  // indexes without visiting the table. Every table of the schema, so none the chunks write is left out.
  for (const table of ALL_TABLE_NAMES) await run(db, `VACUUM ANALYZE ${table}`);
  return written;
}

import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { companies } from '../db/schema';
import { DEFAULT_TIME_ZONE } from './order-dates';

/**
 * The company's time zone (`Setting/System`, `companies.time_zone`) makes its days: the days of its reports, order-day
 * filters and dashboards, the date in its order numbers, its vouchers' expiry and its promotions' periods.
 *
 * The day-keyed rollups (`order_daily`, `shop_daily`, `report_daily`) are keyed by the company's days, so a change of
 * zone rebuilds the company's rows from its orders in the transaction that saves the zone. Every writer of those rows
 * first takes the company's time lock shared and only then reads the zone (`zoneForRollups`), holding it to its commit;
 * a change of zone takes it exclusively before it saves. So no row is written with the old zone after the rebuild:
 * a writer that got in first has committed before the rebuild reads the orders, and one that comes after waits, then
 * reads the new zone and adds its change to the rebuilt rows.
 */

/** The first key of the company's time lock (an advisory lock; the second key is the company's id). */
const TIME_LOCK = 0x545a;

/** The company's zone, for reading (nothing written depends on it). */
export async function companyTimeZone(db: Db | Tx, companyId: number): Promise<string> {
  const [row] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** Zones already read under the lock, per transaction. */
const held = new WeakMap<Tx, Map<number, string>>();

/**
 * The company's zone for a writer of day-keyed rows: the time lock taken shared for the rest of the transaction, then
 * the zone read (in a statement of its own, so it sees a change that committed while the lock was awaited).
 */
export async function zoneForRollups(tx: Tx, companyId: number): Promise<string> {
  const known = held.get(tx)?.get(companyId);
  if (known) return known;
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${TIME_LOCK}::int, ${companyId}::int)`);
  const zone = await companyTimeZone(tx, companyId);
  held.set(tx, (held.get(tx) ?? new Map<number, string>()).set(companyId, zone));
  return zone;
}

/** A zone as an SQL string literal (for the rollups' SQL text). */
export const zoneLiteral = (timeZone: string): string => `'${timeZone.replace(/'/g, "''")}'`;

/**
 * Before the company's zone changes: waits for the writers of its day-keyed rows under way, and keeps new ones waiting
 * until the transaction ends.
 */
export async function lockZoneChange(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${TIME_LOCK}::int, ${companyId}::int)`);
}

/** Today's `YYYY-MM-DD` in the zone of the company a row names (its `company_id` column), in SQL. */
export const companyTodaySql = (now: Date, companyId: AnyPgColumn | SQL): SQL<string> =>
  sql<string>`to_char(${now.toISOString()}::timestamptz AT TIME ZONE (SELECT c.time_zone FROM companies c WHERE c.id = ${companyId}), 'YYYY-MM-DD')`;

import type { Tx } from '../db/client';
import { num, run, ts } from './sql-text';

/**
 * The demo's current subscriptions (docs/orders.md section 2, package charges): every seeded shop and biker on a
 * package is part-way through it (ends spread over the package's duration, the first at least a week away), so the
 * pages show a package and its end and the sweep expires some as the days pass. They were not charged: their price
 * is 0 and the ledger has no operation for them.
 */
export async function seedPackageSubscriptions(tx: Tx, companyId: number, now: Date): Promise<void> {
  const c = num(companyId);
  for (const [owner, table, packages] of [
    ['shop', 'shops', 'shop_packages'],
    ['biker', 'bikers', 'biker_packages'],
  ] as const) {
    await run(
      tx,
      `
      INSERT INTO package_subscriptions
        (company_id, app_id, area_id, owner_type, owner_id, package_id, package_name, duration_days, price, starts_at, ends_at, status, created_at)
      SELECT o.company_id, o.app_id, o.area_id, '${owner}', o.id, p.id, p.name, p.duration, 0,
             ${ts(now)} - make_interval(days => (o.id % greatest(p.duration - 7, 1))::int),
             ${ts(now)} - make_interval(days => (o.id % greatest(p.duration - 7, 1))::int) + make_interval(days => p.duration),
             'active', ${ts(now)}
      FROM ${table} o JOIN ${packages} p ON p.id = o.package_id
      WHERE o.company_id = ${c} AND o.deleted_at IS NULL`,
    );
  }
}

import type { AppType } from '../db/schema';
import type { Db } from '../db/client';
import { changeRedemption, redeemGift } from '../domain/gifts';
import { bangkokDay } from '../domain/order-dates';
import type { ServiceScope } from '../domain/scope';
import { lit, num, rows, run, ts, type Conn } from './sql-text';

/** The gifts of every area: [kind, title, points, stock, worth in satang, period]. */
const GIFTS = [
  ['voucher', 'Discount 20 baht', 30, 40, 2_000, 'open'],
  ['voucher', 'Discount 50 baht', 60, 25, 5_000, 'running'],
  ['voucher', 'Free delivery voucher', 45, 30, 3_000, 'ended'],
  ['reward', 'Reusable tote bag', 40, 20, 0, 'open'],
  ['reward', 'Insulated water bottle', 80, 10, 0, 'running'],
  ['reward', 'Rider rain poncho', 50, 15, 0, 'off'],
] as const;
/** Redemptions made through the domain, as members with enough points would; of them, these many delivered, one cancelled. */
const REDEMPTIONS = 20;
const DELIVERED = 8;

const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Gift vouchers and rewards (deterministic): a few of each kind in every area of every app, some open-ended, some
 * within a period, one ended and one switched off; then about twenty redemptions by members who have the points,
 * made by the redemption itself (stock, redemption and points in one go), a few delivered and one cancelled (its
 * points and stock back). Members without enough points are passed over.
 */
export async function seedGifts(tx: Conn, companyId: number, adminId: number, now: Date): Promise<void> {
  const today = bangkokDay(now);
  const period = (p: string): [string, string, boolean] =>
    p === 'running'
      ? [plusDays(today, -10), plusDays(today, 30), true]
      : p === 'ended'
        ? [plusDays(today, -60), plusDays(today, -30), true]
        : p === 'off'
          ? ['', '', false]
          : ['', '', true];
  const values = GIFTS.map(([kind, title, points, stock, value, p], i) => {
    const [startsOn, endsOn, active] = period(p);
    return `(${i}, ${lit(kind)}, ${lit(title)}, ${num(points)}, ${num(stock)}, ${num(value)}, ${lit(startsOn)}, ${lit(endsOn)}, ${active})`;
  });
  await run(
    tx,
    `INSERT INTO gifts (company_id, app_id, area_id, kind, title, image_url, detail, points_cost, stock, value, starts_on, ends_on, active,
       created_at, updated_at, updated_by)
     SELECT a.company_id, a.app_id, a.id, g.kind, g.title, '', '', g.points, g.stock, g.value, g.starts_on, g.ends_on, g.active, ${ts(now)}, ${ts(now)}, ${num(adminId)}
     FROM areas a CROSS JOIN (VALUES ${values.join(', ')}) AS g(n, kind, title, points, stock, value, starts_on, ends_on, active)
     WHERE a.company_id = ${num(companyId)} AND a.deleted_at IS NULL ORDER BY a.id, g.n`,
  );
  // Pairs of a redeemable gift and a member of its area who has its points, spread over the gifts and areas.
  const pairs = await rows<{ gift_id: number; member_id: number; app_id: number; app_type: AppType; points_cost: number }>(
    tx,
    `SELECT gift_id, member_id, app_id, app_type, points_cost FROM (
       SELECT g.id AS gift_id, m.id AS member_id, g.app_id, p.app_type, g.points_cost,
              row_number() OVER (PARTITION BY g.id ORDER BY m.id) AS k
       FROM gifts g JOIN apps p ON p.id = g.app_id
       JOIN members m ON m.app_id = g.app_id AND m.area_id = g.area_id AND m.deleted_at IS NULL
       JOIN point_balances b ON b.member_id = m.id AND b.balance >= g.points_cost * 3
       WHERE g.company_id = ${num(companyId)} AND g.active AND (g.ends_on = '' OR g.ends_on >= ${lit(today)})) s
     WHERE k <= 2 ORDER BY k, gift_id LIMIT ${num(REDEMPTIONS)}`,
  );
  const db = tx as unknown as Db;
  const scopeOf = (appId: number, appType: AppType): ServiceScope => ({
    companyId,
    officeId: 0,
    userId: adminId,
    role: 'admin',
    root: true,
    appId,
    areaId: null,
    appType,
  });
  const made: { id: number; scope: ServiceScope; kind: 'voucher' | 'reward' }[] = [];
  for (const [i, pair] of pairs.entries()) {
    const scope = scopeOf(pair.app_id, pair.app_type);
    try {
      const { redemption } = await redeemGift(db, scope, pair.gift_id, { memberId: String(pair.member_id), idempotencyKey: `seed-redeem-${i + 1}` }, now);
      made.push({ id: redemption.id, scope, kind: redemption.kind });
    } catch {
      // A member whose points an earlier redemption took is passed over.
    }
  }
  for (const [i, r] of made.entries()) {
    if (i >= DELIVERED + 1) break;
    await changeRedemption(db, r.scope, r.kind, r.id, { state: i === DELIVERED ? 'cancelled' : 'delivered', version: 1 }, now);
  }
}

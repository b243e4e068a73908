import { bangkokDay } from '../domain/order-dates';
import { lit, num, run, ts, type Conn } from './sql-text';

/**
 * The demo vouchers of each app and area, relative to the seed's Bangkok day (`expires`: days from today). Codes end
 * with the area's id (a code is unique in its app). `SAVE20` is the one the seeded orders used: their 20-baht discount
 * on 250 baht of items or more, paid by the app (seed/order-plan.ts); the shop-paid one names the area's first active
 * shop and has no uses, since no seeded order's discount is the shop's.
 */
const VOUCHERS = [
  {
    code: 'SAVE20',
    title: 'Save 20 baht on 250 baht',
    kind: 'fixed',
    amount: 2_000,
    max: 0,
    type: 'everyOrder',
    limit: 25_000,
    limitType: 'order_price',
    source: 'app',
    expires: 60,
    perUser: 3,
    active: true,
  },
  {
    code: 'WELCOME',
    title: 'First order 10% off',
    kind: 'percent',
    amount: 1_000,
    max: 5_000,
    type: 'firstOrder',
    limit: 0,
    limitType: 'order_price',
    source: 'app',
    expires: 90,
    perUser: 1,
    active: true,
  },
  {
    code: 'FREESHIP',
    title: 'Delivery on us',
    kind: 'fixed',
    amount: 3_000,
    max: 0,
    type: 'addon',
    limit: 2,
    limitType: 'order_amount',
    source: 'app',
    expires: 30,
    perUser: 2,
    active: true,
  },
  {
    code: 'SHOP15',
    title: '15% off at our partner shop',
    kind: 'percent',
    amount: 1_500,
    max: 10_000,
    type: 'both',
    limit: 10_000,
    limitType: 'order_limit',
    source: 'shop',
    expires: 45,
    perUser: 2,
    active: true,
  },
  {
    code: 'SONGKRAN',
    title: 'Songkran splash',
    kind: 'fixed',
    amount: 5_000,
    max: 0,
    type: 'everyOrder',
    limit: 0,
    limitType: 'order_price',
    source: 'app',
    expires: -20,
    perUser: 1,
    active: true,
  },
  {
    code: 'PAUSED',
    title: 'Paused campaign',
    kind: 'percent',
    amount: 500,
    max: 0,
    type: 'everyOrder',
    limit: 0,
    limitType: 'order_price',
    source: 'app',
    expires: 20,
    perUser: 1,
    active: false,
  },
] as const;
/** The seeded discount the `SAVE20` voucher stands for, and the least items total it needs (seed/order-plan.ts). */
const SEEDED_DISCOUNT = 2_000;
/** Uses of one voucher by one member at most (its perUser). */
const USES_PER_MEMBER = 3;
/** Uses `SAVE20` allows besides those already taken. */
const HEADROOM = 200;

const dayFrom = (today: string, days: number): string => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The company's vouchers per app and area (deterministic), and the uses of `SAVE20` by the seeded food orders whose
 * discount is its 20 baht paid by the app, at most three per member; each voucher's used count is its uses.
 */
export async function seedVouchers(tx: Conn, companyId: number, now: Date): Promise<void> {
  const today = bangkokDay(now);
  const templates = VOUCHERS.map(
    (v, i) =>
      `(${num(i)}, ${lit(v.code)}, ${lit(v.title)}, ${lit(v.kind)}, ${num(v.amount)}, ${num(v.max)}, ${lit(dayFrom(today, v.expires))}, ${num(v.perUser)}, ${lit(v.type)}, ${num(v.limit)}, ${lit(v.limitType)}, ${lit(v.source)}, ${v.active})`,
  ).join(',\n      ');
  await run(
    tx,
    `WITH templates (n, code, title, amount_kind, amount, max_discount, expire_date, per_user, type_of_discount, limit_amount, limit_type, source, active) AS (VALUES
      ${templates}
    ),
    first_shop AS (
      SELECT a.id AS area_id, (
        SELECT s.id FROM shops s
        WHERE s.company_id = a.company_id AND s.app_id = a.app_id AND s.area_id = a.id AND s.deleted_at IS NULL AND s.status = 'active'
        ORDER BY s.id LIMIT 1) AS shop_id
      FROM areas a WHERE a.company_id = ${num(companyId)} AND a.deleted_at IS NULL
    )
    INSERT INTO vouchers (company_id, app_id, area_id, code, title, amount_kind, amount, max_discount, expire_date, limit_max, per_user, shop_id,
      type_of_discount, limit_amount_by_order, type_limit_amount_by_order, source, active, created_at, updated_at)
    SELECT a.company_id, a.app_id, a.id, t.code || a.id, t.title, t.amount_kind, t.amount, t.max_discount, t.expire_date, 100, t.per_user,
      CASE WHEN t.source = 'shop' THEN f.shop_id END, t.type_of_discount, t.limit_amount, t.limit_type, t.source, t.active, ${ts(now)}, ${ts(now)}
    FROM areas a JOIN first_shop f ON f.area_id = a.id CROSS JOIN templates t
    WHERE a.company_id = ${num(companyId)} AND a.deleted_at IS NULL AND (t.source = 'app' OR f.shop_id IS NOT NULL)
    ORDER BY a.id, t.n`,
  );
  // SAVE20's uses: the area's food orders with its discount, paid by the app, at most USES_PER_MEMBER per member.
  await run(
    tx,
    `WITH used AS (
      SELECT v.id AS voucher_id, o.id AS order_id, o.company_id, o.app_id, o.area_id, o.member_id, o.shop_id, o.created_at,
        row_number() OVER (PARTITION BY v.id, o.member_id ORDER BY o.created_at, o.id) AS nth
      FROM vouchers v
      JOIN orders o ON o.company_id = v.company_id AND o.app_id = v.app_id AND o.area_id = v.area_id
      WHERE v.company_id = ${num(companyId)} AND v.code = ${lit('SAVE20')} || v.area_id
        AND o.kind = 'food' AND o.discount = ${num(SEEDED_DISCOUNT)} AND o.discount_source = 'app' AND o.items_total >= v.limit_amount_by_order
    )
    INSERT INTO voucher_uses (company_id, app_id, area_id, voucher_id, order_id, member_id, shop_id, discount, source, created_at)
    SELECT company_id, app_id, area_id, voucher_id, order_id, member_id, shop_id, ${num(SEEDED_DISCOUNT)}, 'app', created_at
    FROM used WHERE nth <= ${num(USES_PER_MEMBER)}
    ORDER BY voucher_id, order_id`,
  );
  // Each voucher's count is its uses; SAVE20 allows more than it has had, and was made before its first use.
  await run(
    tx,
    `WITH counted AS (
      SELECT v.id, count(u.id)::int AS n, min(u.created_at) AS first_use
      FROM vouchers v LEFT JOIN voucher_uses u ON u.voucher_id = v.id
      WHERE v.company_id = ${num(companyId)}
      GROUP BY v.id
    )
    UPDATE vouchers v SET used_count = c.n,
      limit_max = greatest(v.limit_max, c.n + ${num(HEADROOM)}),
      created_at = least(v.created_at, coalesce(c.first_use, v.created_at)),
      updated_at = least(v.updated_at, coalesce(c.first_use, v.updated_at))
    FROM counted c WHERE c.id = v.id`,
  );
}

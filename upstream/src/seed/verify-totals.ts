import { rows, type Conn } from './sql-text';

/**
 * Set-based checks of the invariants docs/orders.md states over the whole database (they run in seconds at a
 * million orders): wallet balances equal the sums of their Success transactions and only bikers' go below zero;
 * `order_daily`, `shop_daily` and `report_daily` equal a GROUP BY of the orders by their company's days, `wallet_tx_daily` one of the wallet transactions by their company's days; every reference leads to a row; members' phones are
 * unique in their app. Each check answers a few offending rows as problems; none means consistent.
 */
/** An order's creation day in its company's time zone (`o` the order, `c` its company). */
const COMPANY_DAY = `(o.created_at AT TIME ZONE c.time_zone)::date`;
const CHECKS: { name: string; query: string }[] = [
  {
    name: 'wallet balance differs from the sum of its Success transactions',
    query: `SELECT w.id, w.balance, coalesce(t.s, 0) AS sum FROM wallets w
      LEFT JOIN (SELECT wallet_id, sum(amount) AS s FROM wallet_transactions WHERE status = 'Success' GROUP BY wallet_id) t ON t.wallet_id = w.id
      WHERE w.balance <> coalesce(t.s, 0)`,
  },
  { name: 'wallet below zero that may not be', query: `SELECT id, owner_type, balance FROM wallets WHERE balance < 0 AND NOT allow_negative` },
  {
    name: 'a wallet transaction is not placed as its wallet',
    query: `SELECT t.id FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id
      WHERE (t.company_id, t.app_id, t.owner_type) IS DISTINCT FROM (w.company_id, w.app_id, w.owner_type) OR t.area_id IS DISTINCT FROM w.area_id`,
  },
  {
    name: 'wallet_tx_daily differs from the wallet transactions',
    query: `WITH actual AS (
        SELECT t.app_id, t.owner_type, coalesce(t.area_id, 0) AS area_id, (t.created_at AT TIME ZONE c.time_zone)::date AS day, t.type, t.status, count(*)::int8 AS n
        FROM wallet_transactions t JOIN companies c ON c.id = t.company_id GROUP BY 1, 2, 3, 4, 5, 6),
      kept AS (SELECT * FROM wallet_tx_daily WHERE n <> 0)
      SELECT coalesce(a.day, k.day)::text AS day, coalesce(a.status, k.status) AS status, a.n AS counted, k.n AS kept
      FROM actual a FULL JOIN kept k USING (app_id, owner_type, area_id, day, type, status)
      WHERE a.n IS DISTINCT FROM k.n`,
  },
  {
    name: 'order_daily differs from the orders',
    query: `WITH actual AS (
        SELECT app_id, area_id, ${COMPANY_DAY} AS day, kind, status, payment_method,
          count(*)::int AS orders, sum(total)::int8 AS amount, coalesce(sum(app_share) FILTER (WHERE status = 'success'), 0)::int8 AS commission
        FROM orders o JOIN companies c ON c.id = o.company_id GROUP BY 1, 2, 3, 4, 5, 6),
      kept AS (SELECT * FROM order_daily WHERE orders <> 0 OR amount <> 0 OR commission <> 0)
      SELECT coalesce(a.day, k.day)::text AS day, coalesce(a.status, k.status) AS status, a.orders AS counted, k.orders AS kept
      FROM actual a FULL JOIN kept k USING (app_id, area_id, day, kind, status, payment_method)
      WHERE a.orders IS DISTINCT FROM k.orders OR a.amount IS DISTINCT FROM k.amount OR a.commission IS DISTINCT FROM k.commission`,
  },
  {
    name: 'shop_daily differs from the successful orders',
    query: `WITH actual AS (
        SELECT app_id, area_id, ${COMPANY_DAY} AS day, shop_id, count(*)::int AS orders, sum(total)::int8 AS amount
        FROM orders o JOIN companies c ON c.id = o.company_id WHERE status = 'success' AND shop_id IS NOT NULL GROUP BY 1, 2, 3, 4),
      kept AS (SELECT * FROM shop_daily WHERE orders <> 0 OR amount <> 0)
      SELECT coalesce(a.day, k.day)::text AS day, coalesce(a.shop_id, k.shop_id) AS shop_id, a.orders AS counted, k.orders AS kept
      FROM actual a FULL JOIN kept k USING (app_id, area_id, day, shop_id)
      WHERE a.orders IS DISTINCT FROM k.orders OR a.amount IS DISTINCT FROM k.amount`,
  },
  {
    name: 'report_daily differs from the successful orders',
    query: `WITH actual AS (
        SELECT o.app_id, p.party, ${COMPANY_DAY} AS day, o.area_id, CASE WHEN p.party = 'shop' THEN coalesce(o.shop_id, 0) ELSE o.biker_id END AS party_id,
          count(*)::int AS orders, sum(o.total)::int8 AS total, sum(o.app_share)::int8 AS app_share, sum(o.shop_share)::int8 AS shop_share,
          sum(o.biker_share)::int8 AS biker_share
        FROM orders o JOIN companies c ON c.id = o.company_id CROSS JOIN (VALUES ('shop'), ('biker')) AS p(party)
        WHERE o.status = 'success' AND (p.party = 'shop' OR o.biker_id IS NOT NULL) GROUP BY 1, 2, 3, 4, 5),
      kept AS (SELECT * FROM report_daily WHERE orders <> 0)
      SELECT coalesce(a.day, k.day)::text AS day, coalesce(a.party, k.party) AS party, a.orders AS counted, k.orders AS kept
      FROM actual a FULL JOIN kept k USING (app_id, party, day, area_id, party_id)
      WHERE a.orders IS DISTINCT FROM k.orders OR a.total IS DISTINCT FROM k.total OR a.app_share IS DISTINCT FROM k.app_share
        OR a.shop_share IS DISTINCT FROM k.shop_share OR a.biker_share IS DISTINCT FROM k.biker_share`,
  },
  {
    name: 'row referring to nothing',
    query: `SELECT * FROM (
        SELECT 'order member' AS ref, count(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM members m WHERE m.id = o.member_id)
        UNION ALL SELECT 'order shop', count(*) FROM orders o WHERE o.shop_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM shops s WHERE s.id = o.shop_id)
        UNION ALL SELECT 'order biker', count(*) FROM orders o WHERE o.biker_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bikers b WHERE b.id = o.biker_id)
        UNION ALL SELECT 'order area', count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM areas a WHERE a.id = o.area_id AND a.app_id = o.app_id)
        UNION ALL SELECT 'event order', count(*) FROM order_events e WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = e.order_id)
        UNION ALL SELECT 'item order', count(*) FROM order_items i WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = i.order_id)
        UNION ALL SELECT 'operation order', count(*) FROM ledger_operations l WHERE l.order_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = l.order_id)
        UNION ALL SELECT 'transaction wallet', count(*) FROM wallet_transactions t WHERE NOT EXISTS (SELECT 1 FROM wallets w WHERE w.id = t.wallet_id)
        UNION ALL SELECT 'transaction operation', count(*) FROM wallet_transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_operations l WHERE l.id = t.operation_id)
        UNION ALL SELECT 'transaction order', count(*) FROM wallet_transactions t WHERE t.order_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = t.order_id)
      ) r WHERE n > 0`,
  },
  {
    name: 'member phone used twice in an app',
    query: `SELECT app_id, phone, count(*)::int AS n FROM members WHERE phone <> '' AND deleted_at IS NULL GROUP BY 1, 2 HAVING count(*) > 1`,
  },
  {
    name: 'order whose money does not add up',
    query: `SELECT id, items_total, delivery_fee, discount, total FROM orders
      WHERE total <> items_total + delivery_fee - discount
        OR (status = 'success') <> (app_share IS NOT NULL AND shop_share IS NOT NULL AND biker_share IS NOT NULL)
        OR (status = 'success' AND app_share + shop_share + biker_share <> total)`,
  },
];

export async function verifyTotals(db: Conn): Promise<string[]> {
  const problems: string[] = [];
  for (const check of CHECKS) {
    const found = await rows<Record<string, unknown>>(db, `${check.query} LIMIT 5`);
    for (const row of found) problems.push(`${check.name}: ${JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
  }
  return problems;
}

import { DEFAULT_TIME_ZONE } from '../domain/order-dates';
import { reportRollupSql } from '../domain/order-rollups';
import { lit, num, rows, run, type Conn } from './sql-text';

/**
 * The money of a chunk's orders, as docs/orders.md section 2 and `domain/order-ledger.ts` move it: `pay:order:{id}`
 * at the payment, `settle:order:{id}` at success, `refund:order:{id}` at a cancel or fail of a paid order, each leg
 * in the order the API writes them, legs of 0 left out. Members who pay from their wallet first get a deposit that
 * covers it, so no balance but a biker's goes below zero. Then the balances move by the sums, and the rollups
 * (`order_daily`, `shop_daily`, `report_daily`) by a GROUP BY of the chunk.
 */
const OP_ID = `nextval(pg_get_serial_sequence('ledger_operations', 'id'))::int`;

async function createLegs(tx: Conn): Promise<void> {
  await run(
    tx,
    `CREATE TEMP TABLE seed_ops ON COMMIT DROP AS
    SELECT ${OP_ID} AS op_id, x.* FROM (
      SELECT id AS order_id, 'pay' AS kind, paid_at AS at FROM seed_orders WHERE NOT cash AND paid_at IS NOT NULL
      UNION ALL SELECT id, 'settle', success_at FROM seed_orders WHERE success_at IS NOT NULL
      UNION ALL SELECT id, 'refund', end_at FROM seed_orders WHERE payment_status = 'refunded'
      ORDER BY at, order_id) x`,
  );
  const leg = (n: number, kind: string, wallet: string, type: string, amount: string, when: string) =>
    `SELECT id, ${n} AS n, ${lit(kind)} AS kind, ${wallet} AS wallet_id, ${lit(type)} AS type, (${amount})::int8 AS amount FROM seed_orders WHERE ${when}`;
  await run(
    tx,
    `CREATE TEMP TABLE seed_legs ON COMMIT DROP AS
    SELECT op.op_id, op.order_id, op.kind AS op_kind, op.at, l.n, l.wallet_id, l.type, l.amount
    FROM (${[
      leg(1, 'pay', 'member_wallet', 'pay', '-total', `payment_method = 'wallet'`),
      leg(2, 'pay', 'platform_wallet', 'pay', 'total', 'true'),
      leg(3, 'settle', 'platform_wallet', 'pay', '-(shop_share + biker_share)', 'NOT cash'),
      leg(4, 'settle', 'biker_wallet', 'pay', '-(app_share + shop_share)', 'cash'),
      leg(5, 'settle', 'shop_wallet', 'pay', 'shop_share', 'true'),
      leg(6, 'settle', 'biker_wallet', 'pay', 'biker_share', 'NOT cash'),
      leg(7, 'settle', 'platform_wallet', 'pay', 'app_share', 'cash'),
      leg(8, 'refund', 'platform_wallet', 'refund', '-total', 'true'),
      leg(9, 'refund', 'member_wallet', 'refund', 'total', 'true'),
    ].join(' UNION ALL ')}) l
    JOIN seed_ops op ON op.order_id = l.id AND op.kind = l.kind
    WHERE l.wallet_id IS NOT NULL AND l.amount <> 0`,
  );
  // Wallet payers top up first: whole 1,000 baht covering what they pay in the chunk, ten minutes before the first payment.
  await run(
    tx,
    `INSERT INTO seed_legs (op_id, order_id, op_kind, at, n, wallet_id, type, amount)
    SELECT ${OP_ID}, NULL, 'deposit', d.at, 0, d.wallet_id, 'deposit', d.amount FROM (
      SELECT wallet_id, (ceil(sum(-amount) / 100000.0) * 100000)::int8 AS amount, min(at) - interval '10 minutes' AS at
      FROM seed_legs WHERE op_kind = 'pay' AND amount < 0 GROUP BY wallet_id ORDER BY 3, 1) d`,
  );
}

export async function writeLedger(tx: Conn, companyId: number, tag: string): Promise<void> {
  await createLegs(tx);
  await run(
    tx,
    `INSERT INTO ledger_operations (id, company_id, idempotency_key, kind, order_id, created_at) OVERRIDING SYSTEM VALUE
    SELECT DISTINCT ON (op_id) op_id, ${num(companyId)},
      CASE WHEN op_kind = 'deposit' THEN 'deposit:' || ${lit(tag)} || '-' || wallet_id ELSE op_kind || ':order:' || order_id END,
      op_kind, order_id, at
    FROM seed_legs ORDER BY op_id`,
  );
  // An operation whose legs are all 0 is still recorded, as the API records it.
  await run(
    tx,
    `INSERT INTO ledger_operations (id, company_id, idempotency_key, kind, order_id, created_at) OVERRIDING SYSTEM VALUE
    SELECT op_id, ${num(companyId)}, kind || ':order:' || order_id, kind, order_id, at FROM seed_ops op
    WHERE NOT EXISTS (SELECT 1 FROM seed_legs l WHERE l.op_id = op.op_id)`,
  );
  await run(
    tx,
    `INSERT INTO wallet_transactions (wallet_id, operation_id, type, status, amount, order_id, note, created_at, confirmed_at)
    SELECT wallet_id, op_id, type, 'Success', amount, order_id, '', at, at FROM seed_legs ORDER BY at, op_id, n`,
  );
  await run(
    tx,
    `UPDATE wallets w SET balance = w.balance + s.amount, version = w.version + s.n, updated_at = greatest(w.updated_at, s.last)
    FROM (SELECT wallet_id, sum(amount)::int8 AS amount, count(*)::int AS n, max(at) AS last FROM seed_legs GROUP BY wallet_id) s
    WHERE w.id = s.wallet_id`,
  );
}

/** The rollups of a chunk of orders, by their creation days in the company's time zone (as the API keeps them). */
export async function writeRollups(tx: Conn, companyId: number): Promise<void> {
  const [company] = await rows<{ time_zone: string }>(tx, `SELECT time_zone FROM companies WHERE id = ${num(companyId)}`);
  const zone = company?.time_zone ?? DEFAULT_TIME_ZONE;
  const DAY = `(created_at AT TIME ZONE ${lit(zone)})::date`;
  await run(
    tx,
    `INSERT INTO order_daily (app_id, area_id, day, kind, status, payment_method, orders, amount, commission)
    SELECT app_id, area_id, ${DAY}, kind, status, payment_method, count(*)::int, sum(total)::int8, coalesce(sum(app_share), 0)::int8
    FROM seed_orders GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (app_id, area_id, day, kind, status, payment_method) DO UPDATE SET orders = order_daily.orders + excluded.orders,
      amount = order_daily.amount + excluded.amount, commission = order_daily.commission + excluded.commission`,
  );
  await run(
    tx,
    `INSERT INTO shop_daily (app_id, area_id, day, shop_id, orders, amount)
    SELECT app_id, area_id, ${DAY}, shop_id, count(*)::int, sum(total)::int8
    FROM seed_orders WHERE status = 'success' AND shop_id IS NOT NULL GROUP BY 1, 2, 3, 4
    ON CONFLICT (app_id, area_id, day, shop_id) DO UPDATE SET orders = shop_daily.orders + excluded.orders,
      amount = shop_daily.amount + excluded.amount`,
  );
  await run(tx, reportRollupSql('seed_orders', zone));
}

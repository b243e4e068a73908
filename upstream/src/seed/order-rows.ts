import { CANCEL_REASONS } from './order-data';
import { lit, num, run, ts, type Conn } from './sql-text';

/**
 * From `seed_plan` to the order tables: the events of each order's path that happened by `now` decide its status,
 * biker, payment status and split (`seed_orders`, ids taken from the orders' own sequence in creation order); then
 * the orders, their items and their events are written.
 */
const at = (o: string) => `${o}.created_at + st.offset_min * ${o}.scale * interval '1 minute'`;
const ENDS = `('fail', 'member_cancel_order', 'shop_cancel_order', 'admin_cancel_order')`;
const reasonOf = (col: string) =>
  `CASE ${col} ${Object.entries(CANCEL_REASONS)
    .map(([event, reason]) => `WHEN ${lit(event)} THEN ${lit(reason)}`)
    .join(' ')} END`;
/** The company's time zone, read where the statement runs: the day of an order's number is the company's. */
const companyZone = (companyId: number) => `(SELECT time_zone FROM companies WHERE id = ${num(companyId)})`;
const slotBiker = (o: string, field: 'id' | 'name') => `(CASE st.biker_slot WHEN 2 THEN ${o}.b2_${field} ELSE ${o}.b1_${field} END)`;

async function createFinal(tx: Conn, now: Date): Promise<void> {
  await run(
    tx,
    `CREATE TEMP TABLE seed_orders ON COMMIT DROP AS
    WITH state AS (
      SELECT pl.seq,
        (array_agg(st.event ORDER BY st.step DESC) FILTER (WHERE st.event <> 'biker_change'))[1] AS status,
        max(${at('pl')}) AS updated_at, count(*)::int AS n_events,
        min(${at('pl')}) FILTER (WHERE st.event = 'member_create_order_payment_success') AS paid_at,
        min(${at('pl')}) FILTER (WHERE st.event = 'success') AS success_at,
        min(${at('pl')}) FILTER (WHERE st.event IN ${ENDS}) AS end_at,
        bool_or(st.event = 'biker_receive_order') AS has_biker, bool_or(st.event = 'biker_change') AS changed
      FROM seed_plan pl JOIN seed_steps st ON st.path_id = pl.path_id
      WHERE ${at('pl')} <= ${ts(now)}
      GROUP BY pl.seq),
    shares AS (
      SELECT pl.*, s.status, s.updated_at, s.n_events, s.paid_at, s.success_at, s.end_at,
        CASE WHEN s.changed THEN pl.b2_id WHEN s.has_biker THEN pl.b1_id END AS biker_id,
        CASE WHEN s.changed THEN pl.b2_wallet WHEN s.has_biker THEN pl.b1_wallet END AS biker_wallet,
        CASE WHEN pl.cash THEN (CASE WHEN s.success_at IS NOT NULL THEN 'paid' ELSE 'unpaid' END)
             WHEN s.paid_at IS NULL THEN 'unpaid' WHEN s.end_at IS NOT NULL THEN 'refunded' ELSE 'paid' END AS payment_status,
        CASE WHEN s.status = 'success' THEN pl.items_total - (pl.items_total::int8 * pl.shop_rate / 10000)::int END AS shop_share,
        CASE WHEN s.status = 'success' THEN pl.delivery_fee - (pl.delivery_fee::int8 * pl.biker_rate / 10000)::int END AS biker_share
      FROM seed_plan pl JOIN state s ON s.seq = pl.seq)
    SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS id, x.*, x.total - x.shop_share - x.biker_share AS app_share
    FROM (SELECT * FROM shares ORDER BY created_at, seq) x`,
  );
  await run(tx, `CREATE UNIQUE INDEX ON seed_orders (seq)`);
}

export async function writeOrders(tx: Conn, companyId: number, admin: { id: number; name: string }, now: Date): Promise<void> {
  await createFinal(tx, now);
  await run(
    tx,
    `INSERT INTO orders (id, company_id, app_id, area_id, kind, order_no, member_id, shop_id, biker_id, status, payment_method,
      payment_status, shop_commission, biker_commission, items_total, delivery_fee, discount, total, app_share, shop_share, biker_share, pickup_address, pickup_lat, pickup_lng,
      dropoff_address, dropoff_lat, dropoff_lng, sender_name, sender_phone, receiver_name, receiver_phone, weight_gram, note, cancel_reason,
      version, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT o.id, ${num(companyId)}, o.app_id, o.area_id, o.kind,
      CASE o.kind WHEN 'food' THEN 'F' ELSE 'P' END || to_char(o.created_at AT TIME ZONE ${companyZone(companyId)}, 'YYMMDD') || '-'
        || lpad(o.id::text, greatest(7, length(o.id::text)), '0'),
      o.member_id, o.shop_id, o.biker_id, o.status, o.payment_method, o.payment_status, o.shop_rate, o.biker_rate, o.items_total, o.delivery_fee, o.discount, o.total,
      o.app_share, o.shop_share, o.biker_share, o.pickup_address, o.pickup_lat, o.pickup_lng, o.dropoff_address, o.dropoff_lat, o.dropoff_lng,
      CASE WHEN o.kind = 'parcel' THEN o.member_name END, CASE WHEN o.kind = 'parcel' THEN o.member_phone END, o.receiver_name,
      o.receiver_phone, o.weight_gram, '', ${reasonOf('o.status')}, o.n_events, o.created_at, o.updated_at
    FROM seed_orders o ORDER BY o.id`,
  );
  await run(
    tx,
    `INSERT INTO order_items (order_id, name, qty, price)
    SELECT o.id, i.name, i.qty, i.price FROM seed_items i JOIN seed_orders o ON o.seq = i.seq ORDER BY o.id, i.line`,
  );
  await run(
    tx,
    `INSERT INTO order_events (order_id, event, actor_type, actor_id, actor_name, biker_id, note, at)
    SELECT o.id, st.event, st.actor,
      CASE st.actor WHEN 'member' THEN o.member_id WHEN 'shop' THEN o.shop_id WHEN 'admin' THEN ${num(admin.id)} ELSE ${slotBiker('o', 'id')} END,
      CASE st.actor WHEN 'member' THEN o.member_name WHEN 'shop' THEN o.shop_name WHEN 'admin' THEN ${lit(admin.name)} ELSE ${slotBiker('o', 'name')} END,
      CASE WHEN st.sets_biker THEN ${slotBiker('o', 'id')} END, coalesce(${reasonOf('st.event')}, ''), ${at('o')}
    FROM seed_orders o JOIN seed_steps st ON st.path_id = o.path_id
    WHERE ${at('o')} <= ${ts(now)}
    ORDER BY o.id, st.step`,
  );
}

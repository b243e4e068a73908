import { CLOSED_AREA_MIN_AGE_DAYS, FIRST_NAMES, HISTORY_DAYS, HOUR_WEIGHTS, LAST_NAMES, PAYMENT_SHARE } from './order-data';
import { num, pick, rnd, run, textArray, ts, type Conn } from './sql-text';

/**
 * `seed_plan`: one row per order of a chunk, everything drawn from the order's sequence number — place, kind, way of
 * paying, fate (lifecycle path), creation time, member, shop, bikers, fee, drop-off — plus its items (`seed_items`)
 * and the money they make. Drawing from the number alone keeps a seed repeatable.
 */
export interface ChunkSpec {
  /** Sequence numbers first … first + count − 1. */
  first: number;
  count: number;
  /** Where the run of chunks starts and how many of its `total` orders are parcels (spread evenly, exact per run). */
  runFirst: number;
  parcels: number;
  total: number;
  /** The first `recent` numbers are orders of the last hour, each in flight at some step of its path. */
  recent: number;
  now: Date;
}

/** A hundred one-percent slots of the hour of day, by the hour weights. */
function hourSlots(): number[] {
  const sum = HOUR_WEIGHTS.reduce((s, w) => s + w, 0);
  const slots: number[] = [];
  let acc = 0;
  for (const [hour, w] of HOUR_WEIGHTS.entries()) {
    acc += (w / sum) * 100;
    while (slots.length < Math.min(100, Math.round(acc))) slots.push(hour);
  }
  while (slots.length < 100) slots.push(23);
  return slots;
}

/** The first instant of the Bangkok day of `now` (UTC+7 all year). */
export function bangkokMidnight(now: Date): Date {
  const offset = 7 * 3_600_000;
  return new Date(Math.floor((now.getTime() + offset) / 86_400_000) * 86_400_000 - offset);
}

const salts = {
  place: 1,
  pm: 3,
  path: 4,
  day: 5,
  hour: 6,
  sec: 7,
  scale: 8,
  member: 9,
  shop: 10,
  b1: 11,
  b2: 12,
  items: 13,
  fee: 14,
  weight: 15,
  discount: 16,
  dlat: 17,
  dlng: 18,
  house: 19,
  street: 20,
  plat: 21,
  plng: 22,
  rfirst: 23,
  rlast: 24,
  rphone: 25,
} as const;

export async function createPlan(tx: Conn, spec: ChunkSpec): Promise<void> {
  const now = ts(spec.now);
  const today0 = ts(bangkokMidnight(spec.now));
  const draws = Object.entries(salts)
    .map(([name, salt]) => `${rnd('s', salt)} AS r_${name}`)
    .join(', ');
  const jitter = (r: string) => `((${r}) - 0.5) * 0.08`;
  const address = (house: string, street: string) => `(10 + floor(${house} * 990)::int)::text || '/' || (1 + floor(${house} * 59000)::int % 60)::text
    || ' ' || k.streets[1 + floor(${street} * array_length(k.streets, 1))::int] || ', ' || k.area_name`;
  await run(
    tx,
    `CREATE TEMP TABLE seed_plan ON COMMIT DROP AS
    WITH base AS (SELECT s AS seq, ${draws} FROM generate_series(${num(spec.first)}, ${num(spec.first + spec.count - 1)}) s),
    -- The day of an order: a platform growing gently (the newest days half as busy again as the oldest, the density
    -- 1 + 0.5 (1 - d/H), drawn by its inverse), never a spike; an hour of today still to come moves back 1 to 7 days.
    placed AS (
      SELECT b.*, p.place_no, p.app_id, p.area_id, p.app_type, p.area_name, p.closed, p.lat AS c_lat, p.lng AS c_lng, p.streets, p.menu_len, p.menu_prices,
        p.shop_rate, p.biker_rate, p.platform_wallet, p.members AS n_members, p.shops AS n_shops, p.bikers AS n_bikers, p.avail AS n_avail,
        CASE WHEN (b.seq - ${num(spec.runFirst)} + 1)::int8 * ${num(spec.parcels)} / ${num(Math.max(spec.total, 1))}
          > (b.seq - ${num(spec.runFirst)})::int8 * ${num(spec.parcels)} / ${num(Math.max(spec.total, 1))} THEN 'parcel' ELSE 'food' END AS kind, ${pick('b.r_pm', PAYMENT_SHARE)} AS payment_method,
        ${today0} - (CASE WHEN p.closed THEN ${num(CLOSED_AREA_MIN_AGE_DAYS)} + floor(b.r_day * ${num(HISTORY_DAYS - CLOSED_AREA_MIN_AGE_DAYS)})
                          ELSE floor(${num(HISTORY_DAYS)} * (3 - 2 * sqrt(2.25 - 1.25 * b.r_day))) END) * interval '1 day'
          + (ARRAY[${hourSlots().join(',')}])[1 + floor(b.r_hour * 100)::int] * interval '1 hour' + floor(b.r_sec * 3600) * interval '1 second' AS t
      FROM base b JOIN seed_places p ON b.r_place >= p.lo AND b.r_place < p.hi),
    chosen AS (
      SELECT y.*, sp.id AS path0, sp.has_change, sp.plain_id, sp.offsets, sp.n_steps, 0.8 + y.r_scale * 0.8 AS scale
      FROM placed y JOIN seed_paths sp ON sp.kind = y.kind AND sp.cash = (y.payment_method = 'cash') AND y.r_path >= sp.lo AND y.r_path < sp.hi),
    timed AS MATERIALIZED (
      -- A recent order is halfway between two steps of its path (which step cycles with its number), so it is in flight.
      SELECT x.*, CASE
          WHEN x.seq < ${num(spec.first + spec.recent)} AND NOT x.closed THEN ${now} - x.scale * interval '1 minute'
            * (x.offsets[1 + x.seq % (x.n_steps - 1)] + x.offsets[2 + x.seq % (x.n_steps - 1)]) / 2
          WHEN x.t > ${now} THEN x.t - (1 + (floor(x.r_sec * 3600)::int % 7)) * interval '1 day' ELSE x.t END AS created_at
      FROM chosen x),
    fresh AS (
      SELECT z.*, (z.created_at > ${now} - interval '2 hours' AND z.n_avail > 0) AS fresh FROM timed z),
    picked AS (
      SELECT z.*, CASE WHEN z.fresh THEN z.n_avail ELSE z.n_bikers END AS n_pick FROM fresh z),
    k AS (
      SELECT q.*, floor(q.r_b1 * q.n_pick)::int AS b1_ord,
        (floor(q.r_b1 * q.n_pick)::int + 1 + floor(q.r_b2 * greatest(q.n_pick - 1, 1))::int) % q.n_pick AS b2_ord,
        CASE WHEN q.has_change AND q.n_pick < 2 THEN q.plain_id ELSE q.path0 END AS path_id,
        CASE WHEN q.kind = 'parcel' THEN 200 + floor(q.r_weight * 9800)::int END AS weight_gram,
        CASE WHEN q.kind = 'food' THEN 1 + floor(q.r_items * 3)::int ELSE 0 END AS n_items,
        ARRAY[${ITEM_LINES.map((j) => `floor(${rnd(`q.seq * 4 + ${j}`, 31)} * q.menu_len)::int`).join(', ')}] AS item_idx,
        ARRAY[${ITEM_LINES.map((j) => `1 + floor(${rnd(`q.seq * 4 + ${j}`, 32)} * 2)::int`).join(', ')}] AS item_qty
      FROM picked q),
    priced AS (
      SELECT k.*, ${ITEM_LINES.map((j) => `CASE WHEN k.n_items >= ${j} THEN k.item_qty[${j}] * k.menu_prices[1 + k.item_idx[${j}]] ELSE 0 END`).join(' + ')} AS items_total,
        CASE WHEN k.kind = 'food' THEN 1500 + 500 * floor(k.r_fee * 7)::int ELSE 3000 + ceil(k.weight_gram / 1000.0)::int * 1000 END AS delivery_fee
      FROM k),
    k2 AS MATERIALIZED (SELECT p.*, CASE WHEN p.items_total >= 25000 AND p.r_discount < 0.15 THEN 2000 ELSE 0 END AS discount FROM priced p)
    SELECT k.seq, k.place_no, k.app_id, k.area_id, k.app_type, k.kind, k.payment_method, k.payment_method = 'cash' AS cash, k.path_id,
      k.created_at, k.scale, k.item_idx, k.item_qty, k.shop_rate, k.biker_rate, k.platform_wallet, k.r_discount,
      m.id AS member_id, m.name AS member_name, m.phone AS member_phone, m.wallet_id AS member_wallet,
      sh.id AS shop_id, sh.name AS shop_name, sh.wallet_id AS shop_wallet,
      coalesce(a1.id, b1.id) AS b1_id, coalesce(a1.name, b1.name) AS b1_name, coalesce(a1.wallet_id, b1.wallet_id) AS b1_wallet,
      coalesce(a2.id, b2.id) AS b2_id, coalesce(a2.name, b2.name) AS b2_name, coalesce(a2.wallet_id, b2.wallet_id) AS b2_wallet,
      k.n_items, k.weight_gram, k.delivery_fee, k.items_total, k.discount, k.items_total + k.delivery_fee - k.discount AS total,
      CASE WHEN k.kind = 'food' THEN sh.name || ', ' || k.area_name ELSE ${address('k.r_plat', 'k.r_plng')} END AS pickup_address,
      CASE WHEN k.kind = 'food' THEN sh.lat ELSE round((k.c_lat + ${jitter('k.r_plat')})::numeric, 7) END AS pickup_lat,
      CASE WHEN k.kind = 'food' THEN sh.lng ELSE round((k.c_lng + ${jitter('k.r_plng')})::numeric, 7) END AS pickup_lng,
      ${address('k.r_house', 'k.r_street')} AS dropoff_address,
      round((k.c_lat + ${jitter('k.r_dlat')})::numeric, 7) AS dropoff_lat, round((k.c_lng + ${jitter('k.r_dlng')})::numeric, 7) AS dropoff_lng,
      CASE WHEN k.kind = 'parcel' THEN (${textArray(FIRST_NAMES)})[1 + floor(k.r_rfirst * ${FIRST_NAMES.length})::int] || ' '
        || (${textArray(LAST_NAMES)})[1 + floor(k.r_rlast * ${LAST_NAMES.length})::int] END AS receiver_name,
      CASE WHEN k.kind = 'parcel' THEN '09' || lpad(floor(k.r_rphone * 100000000)::bigint::text, 8, '0') END AS receiver_phone
    FROM k2 AS k
    JOIN seed_members m ON m.place_no = k.place_no AND m.ord = floor(k.r_member * k.n_members)::int
    LEFT JOIN seed_shops sh ON k.kind = 'food' AND sh.place_no = k.place_no AND sh.ord = floor(k.r_shop * k.n_shops)::int
    LEFT JOIN seed_avail a1 ON k.fresh AND a1.place_no = k.place_no AND a1.ord = k.b1_ord
    LEFT JOIN seed_bikers b1 ON NOT k.fresh AND b1.place_no = k.place_no AND b1.ord = k.b1_ord
    LEFT JOIN seed_avail a2 ON k.fresh AND a2.place_no = k.place_no AND a2.ord = k.b2_ord
    LEFT JOIN seed_bikers b2 ON NOT k.fresh AND b2.place_no = k.place_no AND b2.ord = k.b2_ord`,
  );
  await run(tx, `CREATE UNIQUE INDEX ON seed_plan (seq)`);
  await createItems(tx);
}

/** Up to three lines per food order, each a dish of its app's menu (`item_idx`) and a quantity (`item_qty`). */
const ITEM_LINES = [1, 2, 3];

async function createItems(tx: Conn): Promise<void> {
  await run(
    tx,
    `CREATE TEMP TABLE seed_items ON COMMIT DROP AS
    SELECT pl.seq, j AS line, mn.name, mn.price, pl.item_qty[j] AS qty
    FROM seed_plan pl CROSS JOIN generate_series(1, ${ITEM_LINES.length}) j
    JOIN seed_menu mn ON mn.app_type = pl.app_type AND mn.idx = pl.item_idx[j]
    WHERE j <= pl.n_items`,
  );
}

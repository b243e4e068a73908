import type { AppType } from '../db/schema';
import { AREA_CENTRES, AREA_STREETS, COMMISSION, HISTORY_DAYS, MENU } from './order-data';
import { ORDER_PATHS } from './order-paths';
import { placeShare, placesOf, type SeedPlace } from './people';
import { lit, num, rows, run, textArray, ts, type Conn } from './sql-text';

/**
 * The temporary tables an order chunk is generated from, made inside the caller's transaction (dropped at its
 * commit): the places with their weights and rates, the lifecycle paths and their steps, the menus, and per place
 * the members, shops and bikers that can have orders, numbered 0…n-1 with their wallets.
 */
export interface OrderContext {
  companyId: number;
  admin: { id: number; name: string };
  now: Date;
}

/** Commission rates of both apps, and a wallet for the platform and every member, shop and biker of the company. */
export async function ensureLedgerSetup(tx: Conn, companyId: number, now: Date): Promise<void> {
  for (const [type, rates] of Object.entries(COMMISSION) as [AppType, (typeof COMMISSION)[AppType]][]) {
    await run(
      tx,
      `
      INSERT INTO commission_configs (app_id, company_id, shop_commission, biker_commission, updated_at)
      SELECT id, company_id, ${num(rates.shopCommission)}, ${num(rates.bikerCommission)}, ${ts(now)} FROM apps
      WHERE company_id = ${num(companyId)} AND app_type = ${lit(type)} ON CONFLICT (app_id) DO NOTHING`,
    );
  }
  const open = (owner: string, table: string) =>
    run(
      tx,
      `
    INSERT INTO wallets (company_id, app_id, area_id, owner_type, owner_id, allow_negative, created_at, updated_at)
    SELECT company_id, app_id, area_id, ${lit(owner)}, id, ${owner === 'biker'}, created_at, created_at FROM ${table}
    WHERE company_id = ${num(companyId)} AND deleted_at IS NULL
    ON CONFLICT (app_id, owner_type, owner_id) DO NOTHING`,
    );
  await run(
    tx,
    `
    INSERT INTO wallets (company_id, app_id, area_id, owner_type, owner_id, allow_negative, created_at, updated_at)
    SELECT company_id, id, NULL, 'admin', 0, false, created_at, created_at FROM apps WHERE company_id = ${num(companyId)}
    ON CONFLICT (app_id, owner_type, owner_id) DO NOTHING`,
  );
  await open('member', 'members');
  await open('shop', 'shops');
  await open('biker', 'bikers');
}

const historyStart = (now: Date) => `${ts(now)} - interval '${HISTORY_DAYS + 1} days'`;

async function pathTables(tx: Conn): Promise<void> {
  const cum = new Map<string, number>();
  const paths = ORDER_PATHS.map((p) => {
    const group = `${p.kind}|${p.cash}`;
    const lo = cum.get(group) ?? 0;
    cum.set(group, lo + p.weight);
    const plain = ORDER_PATHS.find((q) => q.kind === p.kind && q.cash === p.cash && q.fate === 'success')!;
    const hasChange = p.steps.some((s) => s.event === 'biker_change');
    const offsets = `ARRAY[${p.steps.map((s) => num(s.offsetMin)).join(',')}]::float8[]`;
    return `(${num(p.id)}, ${lit(p.kind)}, ${p.cash}, ${num(lo)}, ${num(lo + p.weight)}, ${hasChange}, ${num(plain.id)}, ${offsets}, ${num(p.steps.length)})`;
  });
  await run(
    tx,
    `CREATE TEMP TABLE seed_paths (id int, kind text, cash boolean, lo float8, hi float8, has_change boolean, plain_id int,
    offsets float8[], n_steps int) ON COMMIT DROP`,
  );
  // The last path of each group reaches 1 whatever the rounding.
  await run(tx, `INSERT INTO seed_paths VALUES ${paths.join(',')}`);
  await run(tx, `UPDATE seed_paths p SET hi = 2 WHERE hi = (SELECT max(hi) FROM seed_paths q WHERE q.kind = p.kind AND q.cash = p.cash)`);
  const steps = ORDER_PATHS.flatMap((p) =>
    p.steps.map((s, i) => `(${num(p.id)}, ${num(i + 1)}, ${lit(s.event)}, ${num(s.offsetMin)}, ${lit(s.actor)}, ${num(s.bikerSlot)}, ${s.setsBiker})`),
  );
  await run(
    tx,
    `CREATE TEMP TABLE seed_steps (path_id int, step int, event text, offset_min float8, actor text, biker_slot int, sets_biker boolean) ON COMMIT DROP`,
  );
  await run(tx, `INSERT INTO seed_steps VALUES ${steps.join(',')}`);
  const menu = Object.entries(MENU).flatMap(([type, items]) => items.map(([name, price], i) => `(${lit(type)}, ${num(i)}, ${lit(name)}, ${num(price)})`));
  await run(tx, `CREATE TEMP TABLE seed_menu (app_type text, idx int, name text, price int, PRIMARY KEY (app_type, idx)) ON COMMIT DROP`);
  await run(tx, `INSERT INTO seed_menu VALUES ${menu.join(',')}`);
}

/** Who can have orders in a place, numbered per place: `seed_members`, `seed_shops`, `seed_bikers`, `seed_avail`. */
async function peopleTables(tx: Conn, ctx: OrderContext): Promise<void> {
  const c = num(ctx.companyId);
  const table = async (name: string, select: string) => {
    await run(tx, `CREATE TEMP TABLE ${name} ON COMMIT DROP AS ${select}`);
    await run(tx, `CREATE UNIQUE INDEX ON ${name} (place_no, ord)`);
    await run(tx, `ANALYZE ${name}`);
  };
  const numbered = (alias: string, owner: string, cols: string, table: string, where: string) => `
    SELECT p.place_no, (row_number() OVER (PARTITION BY p.place_no ORDER BY ${alias}.id) - 1)::int AS ord, ${alias}.id, ${cols}, w.id AS wallet_id
    FROM ${table} ${alias} JOIN seed_places p ON p.app_id = ${alias}.app_id AND p.area_id = ${alias}.area_id
    JOIN wallets w ON w.app_id = ${alias}.app_id AND w.owner_type = ${lit(owner)} AND w.owner_id = ${alias}.id
    WHERE ${alias}.company_id = ${c} AND ${alias}.deleted_at IS NULL AND ${where}`;
  await table('seed_members', numbered('m', 'member', 'm.name, m.phone', 'members', `m.created_at <= ${historyStart(ctx.now)}`));
  await table('seed_shops', numbered('s', 'shop', 's.name, s.lat, s.lng', 'shops', `s.status = 'active'`));
  await table('seed_bikers', numbered('b', 'biker', 'b.name', 'bikers', `b.status = 'active'`));
  await table('seed_avail', numbered('b', 'biker', 'b.name', 'bikers', `b.status = 'active' AND b.presence <> 'offline'`));
}

/** Makes the temporary tables of a chunk; answers how many places can have orders. */
export async function prepareChunkTables(tx: Conn, ctx: OrderContext): Promise<number> {
  const places = await placesOf(tx, ctx.companyId);
  await run(
    tx,
    `CREATE TEMP TABLE seed_places (
    place_no int PRIMARY KEY, app_id int, area_id int, app_type text, area_name text, closed boolean, lat float8, lng float8,
    streets text[], menu_len int, menu_prices int[], shop_rate int, biker_rate int, platform_wallet int,
    members int DEFAULT 0, shops int DEFAULT 0, bikers int DEFAULT 0, avail int DEFAULT 0, lo float8 DEFAULT 0, hi float8 DEFAULT 0) ON COMMIT DROP`,
  );
  await run(
    tx,
    `INSERT INTO seed_places (place_no, app_id, area_id, app_type, area_name, closed, lat, lng, streets, menu_len, menu_prices,
      shop_rate, biker_rate, platform_wallet)
    SELECT v.place_no, v.app_id, v.area_id, v.app_type, v.area_name, v.closed, v.lat, v.lng, v.streets, v.menu_len, v.menu_prices,
      coalesce(cc.shop_commission, 1500), coalesce(cc.biker_commission, 2000), w.id
    FROM (VALUES ${places.map((p, i) => placeRow(p, i)).join(',')})
      AS v (place_no, app_id, area_id, app_type, area_name, closed, lat, lng, streets, menu_len, menu_prices)
    LEFT JOIN commission_configs cc ON cc.app_id = v.app_id
    JOIN wallets w ON w.app_id = v.app_id AND w.owner_type = 'admin' AND w.owner_id = 0`,
  );
  await pathTables(tx);
  // Fresh statistics of the rows written so far in this transaction, for the joins below.
  await run(tx, `ANALYZE members, shops, bikers, wallets`);
  await peopleTables(tx, ctx);
  for (const [col, table] of [
    ['members', 'seed_members'],
    ['shops', 'seed_shops'],
    ['bikers', 'seed_bikers'],
    ['avail', 'seed_avail'],
  ]) {
    await run(
      tx,
      `UPDATE seed_places p SET ${col} = c.n FROM (SELECT place_no, count(*)::int AS n FROM ${table} GROUP BY place_no) c WHERE c.place_no = p.place_no`,
    );
  }
  return setPlaceWeights(tx, places);
}

function placeRow(p: SeedPlace, i: number): string {
  const [lat, lng] = AREA_CENTRES[p.areaName] ?? [13.7563, 100.5018];
  const streets = AREA_STREETS[p.areaName] ?? ['Main Rd'];
  return `(${num(i + 1)}, ${num(p.appId)}, ${num(p.areaId)}, ${lit(p.appType)}, ${lit(p.areaName)}, ${p.closed}, ${num(lat)}::float8, ${num(lng)}::float8, ${textArray(streets)}, ${num(MENU[p.appType].length)},
    ARRAY[${MENU[p.appType].map(([, price]) => num(price)).join(',')}]::int[])`;
}

/** Places with members, shops and bikers share the orders by their weight (cumulative `lo`…`hi` of one uniform number). */
async function setPlaceWeights(tx: Conn, places: SeedPlace[]): Promise<number> {
  const counts = await rows<{ place_no: number; members: number; shops: number; bikers: number }>(
    tx,
    `SELECT place_no, members, shops, bikers FROM seed_places ORDER BY place_no`,
  );
  const weights = counts.map((c) => (c.members > 0 && c.shops > 0 && c.bikers > 0 ? placeShare(places[c.place_no - 1]!) : 0));
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return 0;
  let lo = 0;
  for (const [i, w] of weights.entries()) {
    if (w === 0) continue;
    const hi = lo + w / sum;
    await run(tx, `UPDATE seed_places SET lo = ${num(lo)}, hi = ${num(hi)} WHERE place_no = ${num(i + 1)}`);
    lo = hi;
  }
  await run(tx, `UPDATE seed_places SET hi = 2 WHERE hi = (SELECT max(hi) FROM seed_places)`);
  return weights.filter((w) => w > 0).length;
}

/**
 * `npm run bench:orders`: the order list and the dashboards at a million orders. Per database (PostgreSQL on a
 * fresh database when DATABASE_URL is a postgres URL or `--pg` is given; PGlite in a temporary folder with
 * `--pglite`) it seeds the demo data and then `--orders` more food orders (plus a tenth as many parcels) through
 * `addOrders`, records the query plans of the list and dashboard calls (`EXPLAIN (ANALYZE, BUFFERS)` of the
 * statements the API's own functions send), starts the Platform API (production mode) and times sequential
 * requests after a warm-up, as admin (the whole Delivery app) and as staff.bkk (the Bangkok area); then the same
 * views as portal pages (the built portal, `next start`), rendered on the server from those calls. Prints the
 * figures and writes the "Orders" section of docs/BENCHMARKS.md.
 *
 *   npm run bench:orders -- [--orders 1000000] [--requests 30] [--portal-requests 20] [--pg] [--pglite]
 *                           [--only postgres|pglite] [--no-portal] [--no-write]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../upstream/src/config';
import { openDatabase } from '../upstream/src/db/client';
import { runMigrations } from '../upstream/src/db/migrate';
import { seedIfEmpty } from '../upstream/src/seed';
import { addOrders } from '../upstream/src/seed/orders';
import { rows } from '../upstream/src/seed/sql-text';
import { postgresBase, withDatabase, type Backend } from './databases';
import { explainCalls, type ExplainedCall } from './orders-explain';
import { benchCases, explainCases, portalPathOf, type BenchCase, type Place, type Who } from './orders-cases';
import { ordersReport, type BackendRun } from './orders-report';
import { freePort, measureExport, timeRequests } from './shops-measure';
import { apiToken, builtPortal, portalSessionCookie, startApi, startPortal, stopServer, writeSection } from './stack';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '30' },
    'portal-requests': { type: 'string', default: '20' },
    'no-portal': { type: 'boolean', default: false },
    pg: { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    only: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const extraOrders = Number(values.orders);
const requests = Number(values.requests);
const portalRequests = Number(values['portal-requests']);
const pgBase = postgresBase(values.pg);
const backends = (['postgres', 'pglite'] as const)
  .filter((b) => (b === 'postgres' ? !!pgBase : values.pglite || values.only === 'pglite'))
  .filter((b) => !values.only || values.only === b);

async function seed(databaseUrl: string): Promise<BackendRun['seed']> {
  const handle = await openDatabase(databaseUrl);
  try {
    await runMigrations(handle);
    let started = performance.now();
    await seedIfEmpty(handle.db, loadConfig({ databaseUrl }).scrypt);
    const demoSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const added = await addOrders(handle.db, extraOrders, { log: (line) => process.stdout.write(`\r  seeding ${line}   `) });
    process.stdout.write('\n');
    const addSeconds = (performance.now() - started) / 1000;
    const [counts] = await rows<{ orders: string; food: string; events: string; transactions: string }>(
      handle.db,
      `SELECT
      (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM orders o JOIN apps a ON a.id = o.app_id WHERE a.app_type = 'Delivery' AND o.kind = 'food') AS food,
      (SELECT count(*) FROM order_events) AS events, (SELECT count(*) FROM wallet_transactions) AS transactions`,
    );
    return {
      demoSeconds,
      added,
      addSeconds,
      orders: Number(counts!.orders),
      deliveryFood: Number(counts!.food),
      events: Number(counts!.events),
      transactions: Number(counts!.transactions),
    };
  } finally {
    await handle.close();
  }
}

async function placeOf(databaseUrl: string): Promise<Place> {
  const handle = await openDatabase(databaseUrl);
  try {
    const [p] = await rows<Record<string, number>>(
      handle.db,
      `SELECT u.company_id, u.office_id, u.id AS admin_id, s.id AS staff_id, s.app_id, s.area_id,
        (SELECT d.shop_id FROM shop_daily d WHERE d.app_id = s.app_id AND d.area_id = s.area_id GROUP BY d.shop_id ORDER BY sum(d.orders) DESC LIMIT 1) AS shop_id,
        (SELECT sum(orders)::int FROM order_daily d WHERE d.app_id = s.app_id AND d.kind = 'food') AS admin_total,
        (SELECT sum(orders)::int FROM order_daily d WHERE d.app_id = s.app_id AND d.area_id = s.area_id AND d.kind = 'food') AS staff_total
      FROM users u, users s WHERE u.username = 'admin' AND s.username = 'staff.bkk'`,
    );
    return {
      companyId: p!.company_id!,
      officeId: p!.office_id!,
      adminId: p!.admin_id!,
      staffId: p!.staff_id!,
      appId: p!.app_id!,
      areaId: p!.area_id!,
      shopId: p!.shop_id!,
      adminTotal: Number(p!.admin_total),
      staffTotal: Number(p!.staff_total),
    };
  } finally {
    await handle.close();
  }
}

const USERS = [
  ['admin', 'admin', 'Admin#2026'],
  ['staff.bkk', 'staff.bkk', 'Staff#2026'],
] as const;

/** The order numbers of the API's first page, to check that the portal's page 1 shows the same orders. */
async function firstOrderNos(apiUrl: string, headers: Record<string, string>, path: string): Promise<string[]> {
  const body = (await (await fetch(`${apiUrl}${path}`, { headers })).json()) as { data?: { orderNo: string }[] };
  return (body.data ?? []).map((row) => row.orderNo);
}

/** The same views as portal pages: sign in through the portal, check page 1 shows the API's orders, time each page. */
async function benchPortal(apiUrl: string, run: BackendRun, cases: Map<Who, BenchCase[]>, firstNos: Map<Who, string[]>): Promise<void> {
  const distDir = builtPortal();
  const portalUrl = `http://127.0.0.1:${await freePort()}`;
  const portal = await startPortal(apiUrl, Number(new URL(portalUrl).port), distDir);
  try {
    for (const [who, username, password] of USERS) {
      const headers = { cookie: await portalSessionCookie(portalUrl, username, password) };
      const list = cases.get(who) ?? [];
      const pageOne = portalPathOf(list[0]!, who)!;
      const html = await (await fetch(`${portalUrl}${pageOne}`, { headers, redirect: 'manual' })).text();
      const expected = firstNos.get(who) ?? [];
      run.rendered.push(
        `${who}'s portal page 1 shows ${expected.filter((no) => html.includes(no)).length} of the ${expected.length} orders of the API's page 1`,
      );
      for (const c of list) {
        const path = portalPathOf(c, who);
        if (!path) continue;
        process.stdout.write(`  portal ${path} (${who})…\n`);
        run.rows.push({
          name: `Portal: ${c.name} (${who})`,
          kind: c.kind,
          ...(await timeRequests(`${portalUrl}${path}`, { headers, redirect: 'manual' }, portalRequests, 3)),
        });
      }
    }
  } finally {
    await stopServer(portal);
  }
}

async function benchBackend(backend: Backend): Promise<BackendRun> {
  return withDatabase(backend, 'bench-orders', pgBase, async (databaseUrl) => {
    console.log(`\n[${backend}] seeding the demo data and ${extraOrders.toLocaleString('en')} more food orders…`);
    const seeded = await seed(databaseUrl);
    const place = await placeOf(databaseUrl);
    const now = new Date();
    console.log(`[${backend}] recording the query plans…`);
    const plans: ExplainedCall[] = await explainCalls(databaseUrl, explainCases(place, now));
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const api = await startApi(databaseUrl, port);
    const run: BackendRun = { backend, seed: seeded, rows: [], plans, rendered: [], exports: [] };
    try {
      const cases = new Map<Who, BenchCase[]>();
      const firstNos = new Map<Who, string[]>();
      for (const [who, username, password] of USERS) {
        const headers = { authorization: `Bearer ${await apiToken(apiUrl, username, password)}` };
        const list = await benchCases(apiUrl, headers, place, now);
        cases.set(who, list);
        firstNos.set(who, await firstOrderNos(apiUrl, headers, list[0]!.path));
        for (const c of list) {
          process.stdout.write(`  ${c.name} (${who})…\n`);
          run.rows.push({ name: `API: ${c.name} (${who})`, kind: c.kind, ...(await timeRequests(`${apiUrl}${c.path}`, { headers }, requests, 3)) });
        }
        // The XLSX export of a year's shop report, then of a day's: the API's memory should not grow with the period.
        for (const c of list.filter((c) => c.path.includes('/Report/Shop?'))) {
          const url = `${apiUrl}${c.path.replace('/Report/Shop?', '/Report/Shop/export?format=xlsx&')}`;
          const year = await measureExport(url, headers, api.pid!);
          run.exports.push({ name: `XLSX export, ${c.name} (${who})`, status: year.status, bytes: year.bytes, seconds: year.seconds, rssRise: year.rssRise });
        }
      }
      if (!values['no-portal']) await benchPortal(apiUrl, run, cases, firstNos);
    } finally {
      await stopServer(api);
    }
    return run;
  });
}

async function main(): Promise<void> {
  if (!backends.length) throw new Error('No database to run on: set DATABASE_URL, or pass --pg and/or --pglite.');
  const load = os.loadavg()[0]!.toFixed(2);
  const startedAt = new Date();
  const runs: BackendRun[] = [];
  for (const backend of backends) runs.push(await benchBackend(backend));
  for (const run of runs) {
    console.log(`\n${run.backend}${run.rendered.length ? ` (${run.rendered.join('; ')})` : ''}`);
    console.table(run.rows.map((r) => ({ call: r.name, 'p50 ms': Math.round(r.p50), 'p99 ms': Math.round(r.p99), non2xx: r.non2xx })));
  }
  const body = ordersReport(runs, { load, startedAt, requests, portalRequests, extraOrders });
  console.log(`\n${body.split('\n').find((l) => l.startsWith('**')) ?? ''}`);
  if (!values['no-write']) {
    writeSection('docs/BENCHMARKS.md', 'Orders', body);
    console.log('Updated docs/BENCHMARKS.md.');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});

/**
 * `npm run bench:points`: the points history at millions of movements. On a fresh PostgreSQL database (DATABASE_URL,
 * or `--pg` for the local server) it seeds the demo data, then bulk-inserts `--movements` point movements (set-based,
 * in chunks) for the Delivery app's members, spread over the last year and every kind, and settles the running
 * balances and the members' balances as the seed does. It starts the Platform API and the built portal and times
 * sequential requests after a warm-up: the history at the first, middle and last page and a filtered page, as admin
 * and as staff.bkk, at the API and as portal pages. Prints the figures and writes the "Points" section of
 * docs/BENCHMARKS.md.
 *
 *   npm run bench:points -- [--movements 5000000] [--chunk 500000] [--requests 20] [--portal-requests 15] [--pg]
 *                           [--no-portal] [--no-write] [--lock /tmp/e2e.lock]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../upstream/src/config';
import { openDatabase } from '../upstream/src/db/client';
import { runMigrations } from '../upstream/src/db/migrate';
import { seedIfEmpty } from '../upstream/src/seed';
import { settleBalances } from '../upstream/src/seed/points';
import { num, pick, rnd, rows, run as runSql } from '../upstream/src/seed/sql-text';
import { runPageBench, targetSummary, timingTable, type PageCase, type PageTiming } from './stack';

const { values } = parseArgs({
  options: {
    movements: { type: 'string', default: '5000000' },
    chunk: { type: 'string', default: '500000' },
    requests: { type: 'string', default: '20' },
    'portal-requests': { type: 'string', default: '15' },
    pg: { type: 'boolean', default: false },
    'no-portal': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    /** A lock file (flock) held while the built portal runs, so no build replaces it meanwhile. */
    lock: { type: 'string' },
  },
});
const target = Number(values.movements);
const chunk = Number(values.chunk);
const requests = Number(values.requests);
const portalRequests = Number(values['portal-requests']);
const TARGET_MS = 150;
const USERS = [
  ['admin', 'Admin#2026'],
  ['staff.bkk', 'Staff#2026'],
] as const;
/** The kinds of the bulk movements and their shares. */
const SHARES = { FROM_ORDER: 60, USED: 12, FROM_QRCODE: 8, FROM_SHOP: 6, FROM_APP: 6, FROM_REF: 4, FROM_REGIS: 4 };

type Case = PageCase;
type Row = PageTiming;

/** Demo data, then `target` movements of the Delivery app's members (spends small, so no balance goes below zero). */
async function seed(databaseUrl: string): Promise<{ movements: number; seconds: number }> {
  const handle = await openDatabase(databaseUrl);
  try {
    await runMigrations(handle);
    const started = performance.now();
    await seedIfEmpty(handle.db, loadConfig({ databaseUrl }).scrypt);
    const [company] = await rows<{ id: number }>(handle.db, 'SELECT id FROM companies ORDER BY id LIMIT 1');
    const [app] = await rows<{ id: number }>(handle.db, `SELECT id FROM apps WHERE app_type = 'Delivery' ORDER BY id LIMIT 1`);
    const now = Date.now();
    for (let from = 1; from <= target; from += chunk) {
      const to = Math.min(target, from + chunk - 1);
      const source = pick(rnd('g', 9101), SHARES);
      await runSql(
        handle.db,
        `WITH m AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(area_id ORDER BY id) AS areas, count(*)::int AS n
           FROM members WHERE app_id = ${num(app!.id)} AND deleted_at IS NULL),
         g AS (SELECT g, 1 + floor(${rnd('g', 9102)} * m.n)::int AS i, ${source} AS source FROM generate_series(${num(from)}, ${num(to)}) g, m)
         INSERT INTO point_movements (company_id, app_id, area_id, member_id, source, amount, balance_after, idempotency_key, reason, created_at)
         SELECT ${num(company!.id)}, ${num(app!.id)}, m.areas[g.i], m.ids[g.i], g.source,
           CASE WHEN g.source = 'USED' THEN -(1 + floor(${rnd('g', 9103)} * 3)::int) ELSE 1 + floor(${rnd('g', 9104)} * 100)::int END,
           0, 'bench:' || g.g, '', to_timestamp(${num(now / 1000)} - ${rnd('g', 9105)} * 365 * 86400)
         FROM g, m`,
      );
      process.stdout.write(`\r  ${to.toLocaleString('en')} of ${target.toLocaleString('en')} movements   `);
    }
    process.stdout.write('\n  settling the balances…\n');
    await settleBalances(handle.db, company!.id);
    await runSql(handle.db, 'ANALYZE');
    const [count] = await rows<{ n: string }>(handle.db, 'SELECT count(*) AS n FROM point_movements');
    return { movements: Number(count!.n), seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}

/** The cases of one user: the page counts come from the API's first answers. */
async function casesOf(apiUrl: string, headers: Record<string, string>): Promise<Case[]> {
  const totalOf = async (path: string) => ((await (await fetch(`${apiUrl}/api/admin/Delivery/${path}`, { headers })).json()) as { total: number }).total;
  const pages = Math.max(1, Math.ceil((await totalOf('RewardPointHistory?pageSize=25')) / 25));
  const used = Math.max(1, Math.ceil((await totalOf('RewardPointHistory?pageSize=25&source=USED')) / 25));
  const month = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const monthEnd = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: `History page 1 of ${pages.toLocaleString('en')}`, path: 'RewardPointHistory' },
    { name: `History page ${Math.ceil(pages / 2).toLocaleString('en')} (the middle)`, path: `RewardPointHistory?page=${Math.ceil(pages / 2)}` },
    { name: `History page ${pages.toLocaleString('en')} (the last)`, path: `RewardPointHistory?page=${pages}` },
    {
      name: `History source=USED, page ${Math.ceil(used / 2).toLocaleString('en')} (the middle)`,
      path: `RewardPointHistory?source=USED&page=${Math.ceil(used / 2)}`,
    },
    { name: 'History of one month, source=FROM_ORDER, page 10', path: `RewardPointHistory?source=FROM_ORDER&from=${month}&to=${monthEnd}&page=10` },
  ];
}

function report(run: { movements: number; seconds: number; rows: Row[] }, startedAt: Date, load: string): string {
  const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return [
    '`npm run bench:points` (bench/points.ts) seeds the demo data into a fresh PostgreSQL database, bulk-inserts point',
    "movements for the Delivery app's members over the last year, settles the balances as the seed does, starts the",
    'Platform API and the built portal, and times sequential requests after a warm-up (time to the last byte): the',
    'points history at the first, middle and last page and filtered pages, as admin (the whole app) and as staff.bkk',
    '(Bangkok). Client, portal, API and database share the machine.',
    `Target: p50 ≤ ${TARGET_MS} ms at the portal.`,
    '',
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, load average ${load} at start (the machine was shared with other work: figures under load) · ${requests} requests per API call, ${portalRequests} per portal page.`,
    '',
    `${run.movements.toLocaleString('en')} point movements in all (seeded in ${Math.round(run.seconds)} s).`,
    '',
    ...timingTable(run.rows, TARGET_MS),
    '',
    targetSummary(run.rows, TARGET_MS),
    '',
    'How the pages stay fast: a page is one walk of an index of `point_movements` ((app, time, id), (app, area, time,',
    'id) or (app, source, time, id)) for a deferred join. The totals, and the Bangkok day a deep page starts in, come',
    'from `point_movements_daily` (counts and sums per app, area, day and kind, kept by a statement trigger), so a deep',
    "page walks only that day's movements, never the ones before it.",
  ].join('\n');
}

async function main(): Promise<void> {
  await runPageBench({
    name: 'points',
    section: 'Points',
    pg: values.pg,
    seed: (databaseUrl) => {
      console.log(`seeding the demo data and ${target.toLocaleString('en')} point movements…`);
      return seed(databaseUrl);
    },
    service: 'Delivery',
    users: USERS,
    casesOf,
    requests,
    portalRequests,
    portal: !values['no-portal'],
    lock: values.lock,
    write: !values['no-write'],
    report,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npm run bench:members`: the Members list with 1,000,000 members in the Delivery app (issue 15). Per database (a
 * PGlite directory in a temporary folder; PostgreSQL too when DATABASE_URL is a postgres URL or `--pg` is given, on a
 * fresh database dropped afterwards) it seeds the demo data, then bulk-inserts members (set-based, in chunks) until
 * the Delivery app holds `--members` live ones: spread over its areas, unique phones, names from the seed's lists,
 * e-mails, joined over the last year, about 2 % suspended. It starts the Platform API (production mode) and the built
 * portal (`next start` on a spare port), then measures sequential requests after a warm-up: the API list as admin
 * (page 1 and page 1,000 by id and newest first, a phone-prefix search, a name search, status=suspended) and the
 * portal's server-rendered `/Service/Delivery/Members` newest first, as it lists by default (page 1, page 1,000, the
 * phone-prefix search). With `--explain` it prints the query plans
 * of the API's list calls afterwards. Prints the figures and writes the "Members list" section of docs/BENCHMARKS.md.
 *
 *   npm run bench:members -- [--members 1000000] [--requests 30] [--portal-requests 15] [--pg] [--only pglite|postgres]
 *                            [--no-portal] [--no-write] [--explain]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { postgresBase, withDatabase } from './databases';
import { explainCalls, inlineSql, type ExplainedCall } from './orders-explain';
import { apiToken, builtPortal, portalSessionCookie, startApi, startPortal, stopServer, writeSection } from './stack';
import { freePort, timeRequests, type Timing } from './shops-measure';
import { loadConfig } from '../upstream/src/config';
import { openDatabase, type Db } from '../upstream/src/db/client';
import { runMigrations } from '../upstream/src/db/migrate';
import { apps, areas, members } from '../upstream/src/db/schema';
import { listMembers, type MemberQuery } from '../upstream/src/domain/accounts';
import type { ServiceScope } from '../upstream/src/domain/scope';
import { seedIfEmpty } from '../upstream/src/seed';
import { FIRST_NAMES, LAST_NAMES } from '../upstream/src/seed/order-data';
import { lit, num, rnd, run as runSql, textArray } from '../upstream/src/seed/sql-text';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    chunk: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '30' },
    'portal-requests': { type: 'string', default: '15' },
    pg: { type: 'boolean', default: false },
    only: { type: 'string' },
    'no-portal': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
});
const target = Number(values.members);
const chunk = Number(values.chunk);
const requests = Number(values.requests);
const portalRequests = Number(values['portal-requests']);
const TARGET_P50_MS = 150;
const PAGE_SIZE = 25;
const DEEP_PAGE = 1000;
/** Bulk phones: `08` and eight digits, n × a multiplier prime to 10⁸ modulo 10⁸ (unique, spread over the range). */
const PHONE_PREFIX = '08';
const PHONE_MULTIPLIER = 7919777n;
const phoneOf = (n: number) => `${PHONE_PREFIX}${((BigInt(n) * PHONE_MULTIPLIER) % 100_000_000n).toString().padStart(8, '0')}`;
/** A 7-digit prefix: 1,000 possible numbers, about ten of them taken at a million members. */
const phoneSearch = phoneOf(Math.min(123_457, target)).slice(0, 7);
const nameSearch = FIRST_NAMES[0]!;
const pgBase = postgresBase(values.pg);
const backends = (['pglite', 'postgres'] as const).filter((b) => (b === 'postgres' ? !!pgBase : true)).filter((b) => !values.only || values.only === b);
type Backend = (typeof backends)[number];

interface Seeded {
  delivery: number;
  all: number;
  inserted: number;
  seconds: number;
  companyId: number;
  appId: number;
}

/** Demo data, then bulk members until the Delivery app holds `target` live members. */
async function seed(databaseUrl: string): Promise<Seeded> {
  const started = performance.now();
  const handle = await openDatabase(databaseUrl);
  try {
    await runMigrations(handle);
    await seedIfEmpty(handle.db, loadConfig({ databaseUrl }).scrypt);
    const [app] = await handle.db
      .select({ id: apps.id, companyId: apps.companyId })
      .from(apps)
      .where(eq(apps.appType, 'Delivery'))
      .orderBy(asc(apps.id))
      .limit(1);
    if (!app) throw new Error('The seed has no Delivery app.');
    const areaIds = (
      await handle.db
        .select({ id: areas.id })
        .from(areas)
        .where(and(eq(areas.appId, app.id), isNull(areas.deletedAt)))
        .orderBy(asc(areas.id))
    ).map((a) => a.id);
    const live = async () =>
      (
        await handle.db
          .select({ n: count() })
          .from(members)
          .where(and(eq(members.appId, app.id), isNull(members.deletedAt)))
      )[0]?.n ?? 0;
    const missing = Math.max(0, target - (await live()));
    const areaArray = `(ARRAY[${areaIds.map(num).join(',')}]::int[])`;
    for (let from = 1; from <= missing; from += chunk) {
      const to = Math.min(missing, from + chunk - 1);
      await runSql(
        handle.db,
        `
        INSERT INTO members (company_id, app_id, area_id, name, phone, email, status, created_at, updated_at)
        SELECT ${num(app.companyId)}, ${num(app.id)}, ${areaArray}[1 + floor(${rnd('n', 201)} * ${areaIds.length})::int],
          first || ' ' || last, ${lit(PHONE_PREFIX)} || lpad(((n::int8 * ${PHONE_MULTIPLIER}) % 100000000)::text, 8, '0'),
          lower(first) || '.' || lower(last) || n || '@mail.example',
          CASE WHEN ${rnd('n', 204)} < 0.02 THEN 'suspended' ELSE 'active' END, at, at
        FROM (
          SELECT n, (${textArray(FIRST_NAMES)})[1 + floor(${rnd('n', 202)} * ${FIRST_NAMES.length})::int] AS first,
            (${textArray(LAST_NAMES)})[1 + floor(${rnd('n', 203)} * ${LAST_NAMES.length})::int] AS last,
            now() - ${rnd('n', 205)} * interval '365 days' AS at
          FROM generate_series(${num(from)}, ${num(to)}) n
        ) g`,
      );
      process.stdout.write(
        `\r  ${to.toLocaleString('en')} / ${missing.toLocaleString('en')} members, ${((performance.now() - started) / 1000).toFixed(0)} s   `,
      );
    }
    process.stdout.write('\n');
    // What autovacuum does to a table after a bulk load on PostgreSQL (PGlite has none): the visibility map lets the
    // list's id pages be index-only scans.
    await runSql(handle.db, 'VACUUM ANALYZE members');
    const [all] = await handle.db.select({ n: count() }).from(members);
    return {
      delivery: await live(),
      all: all?.n ?? 0,
      inserted: missing,
      seconds: (performance.now() - started) / 1000,
      companyId: app.companyId,
      appId: app.id,
    };
  } finally {
    await handle.close();
  }
}

interface ListBody {
  data?: { total?: number; data?: { name: string }[] } | { name: string }[];
  total?: number;
}
/** The total and the names of one API page (whatever the envelope). */
async function apiPage(url: string, headers: Record<string, string>): Promise<{ total: number; names: string[] }> {
  const body = (await (await fetch(url, { headers })).json()) as ListBody;
  const data = body.data;
  const rows = Array.isArray(data) ? data : (data?.data ?? []);
  const total = (Array.isArray(data) ? undefined : data?.total) ?? body.total ?? 0;
  return { total, names: rows.map((r) => r.name) };
}

interface Row extends Timing {
  name: string;
  matches: number;
}
interface BackendRun {
  backend: Backend;
  seed: Seeded;
  rows: Row[];
  rendered: string[];
  distDir?: string;
  plans: ExplainedCall[];
}

/** The portal lists members newest first (the contract's default sort); the API's own default is by id. */
const NEWEST = 'sort=createdAt&order=desc&';
const newest: Partial<MemberQuery> = { sort: 'createdAt', order: 'desc' };
const CASES: [string, string, Partial<MemberQuery>][] = [
  ['page 1 (API default order: id)', `?page=1&pageSize=${PAGE_SIZE}`, {}],
  [`page ${DEEP_PAGE.toLocaleString('en')} (id)`, `?page=${DEEP_PAGE}&pageSize=${PAGE_SIZE}`, { page: DEEP_PAGE }],
  ['page 1, newest first', `?${NEWEST}page=1&pageSize=${PAGE_SIZE}`, newest],
  [`page ${DEEP_PAGE.toLocaleString('en')}, newest first`, `?${NEWEST}page=${DEEP_PAGE}&pageSize=${PAGE_SIZE}`, { ...newest, page: DEEP_PAGE }],
  [`phone prefix q=${phoneSearch}, newest first`, `?${NEWEST}q=${phoneSearch}&page=1&pageSize=${PAGE_SIZE}`, { ...newest, q: phoneSearch }],
  [`name q=${nameSearch}, newest first`, `?${NEWEST}q=${nameSearch}&page=1&pageSize=${PAGE_SIZE}`, { ...newest, q: nameSearch }],
  ['status=suspended, newest first', `?${NEWEST}status=suspended&page=1&pageSize=${PAGE_SIZE}`, { ...newest, status: 'suspended' }],
];
/** The portal's page in its default order: page 1, page 1,000 and the phone-prefix search. */
const PORTAL_CASES = [2, 3, 4];

async function benchBackend(backend: Backend): Promise<BackendRun> {
  return withDatabase(backend, 'bench-members', pgBase, async (databaseUrl) => {
    console.log(`\n[${backend}] seeding up to ${target.toLocaleString('en')} Delivery members…`);
    const seeded = await seed(databaseUrl);
    console.log(
      `[${backend}] ${seeded.delivery.toLocaleString('en')} live Delivery members (${seeded.all.toLocaleString('en')} in all, ${seeded.inserted.toLocaleString('en')} bulk) in ${seeded.seconds.toFixed(1)} s`,
    );
    const apiPort = await freePort();
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const api = await startApi(databaseUrl, apiPort, { seconds: 180 });
    const run: BackendRun = { backend, seed: seeded, rows: [], rendered: [], plans: [] };
    const matches: number[] = [];
    let firstNames: string[] = [];
    try {
      const list = `${apiUrl}/api/admin/Delivery/Members`;
      const headers = { authorization: `Bearer ${await apiToken(apiUrl, 'admin', 'Admin#2026')}` };
      for (const [i, [name, query]] of CASES.entries()) {
        const page = await apiPage(`${list}${query}`, headers);
        if (i === PORTAL_CASES[0]) firstNames = page.names;
        matches.push(page.total);
        console.log(`  API ${name}: ${page.total.toLocaleString('en')} matches`);
        run.rows.push({ name: `API ${name}`, matches: page.total, ...(await timeRequests(`${list}${query}`, { headers }, requests)) });
      }
      if (!values['no-portal']) {
        const distDir = builtPortal(['.next-members']);
        run.distDir = distDir;
        const portalPort = await freePort();
        const portalUrl = `http://127.0.0.1:${portalPort}`;
        const portal = await startPortal(apiUrl, portalPort, distDir);
        try {
          const init: RequestInit = { headers: { cookie: await portalSessionCookie(portalUrl, 'admin', 'Admin#2026') }, redirect: 'manual' };
          const html = await (await fetch(`${portalUrl}/Service/Delivery/Members${CASES[PORTAL_CASES[0]!]![1]}`, init)).text();
          run.rendered.push(`page 1 shows ${firstNames.filter((n) => html.includes(n)).length} of the ${firstNames.length} members of the API's page 1`);
          for (const i of PORTAL_CASES) {
            const [name, query] = CASES[i]!;
            run.rows.push({
              name: `Portal /Service/Delivery/Members ${name}`,
              matches: matches[i]!,
              ...(await timeRequests(`${portalUrl}/Service/Delivery/Members${query}`, init, portalRequests)),
            });
          }
        } finally {
          await stopServer(portal);
        }
      }
    } finally {
      await stopServer(api);
    }
    if (values.explain) {
      // After the API stopped: a PGlite directory is opened by one process at a time.
      const scope: ServiceScope = {
        companyId: seeded.companyId,
        officeId: 0,
        userId: 0,
        role: 'admin',
        root: false,
        appId: seeded.appId,
        areaId: null,
        appType: 'Delivery',
      };
      run.plans = await explainCalls(
        databaseUrl,
        CASES.map(([name, , query]) => ({
          name,
          run: (db: Db) => listMembers(db, scope, { page: 1, pageSize: PAGE_SIZE, order: 'asc', ...query }),
        })),
      );
    }
    return run;
  });
}

function report(runs: BackendRun[], load: string, startedAt: Date): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const out: string[] = [
    '`npm run bench:members` (bench/members.ts) seeds the demo data, then bulk-inserts members (set-based SQL in chunks',
    `of ${chunk.toLocaleString('en')}) until the Delivery app holds ${target.toLocaleString('en')} live members: spread over its areas, unique phones`,
    `(\`${PHONE_PREFIX}\` and eight digits), names from the seed's lists, e-mails, joined over the last year, about 2 % suspended; then VACUUM ANALYZE (as autovacuum would).`,
    'It starts the Platform API (production mode, its own process) and the built portal (`next start`), and times',
    `${requests} sequential API requests (as admin) and ${portalRequests} sequential portal page loads (admin session) per call after a warm-up`,
    `(time to the last byte of the body), ${PAGE_SIZE} rows a page. Digits in \`q\` search the phone from its start (an index range on`,
    '`members_phone_idx`); other text searches name, phone and e-mail anywhere. Client, API, portal and database share the machine.',
    "The portal lists members newest first (the contract's default sort); the API's own default order is by id.",
    `Target: p50 ≤ ${TARGET_P50_MS} ms at the portal (the API rows are shown for reference).`,
    '',
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, load average ${load} at start.`,
  ];
  const misses: string[] = [];
  for (const run of runs) {
    out.push(
      '',
      `### ${run.backend === 'pglite' ? 'PGlite (file database)' : 'PostgreSQL'}`,
      '',
      `${run.seed.delivery.toLocaleString('en')} live Delivery members (${run.seed.all.toLocaleString('en')} members in all), seeded in ${run.seed.seconds.toFixed(0)} s.` +
        (run.distDir ? ` Portal build: \`${run.distDir}\`; ${run.rendered.join('; ')}.` : ''),
      '',
      '| Call | matches | p50 ms | p99 ms | max ms | requests | non-2xx | vs target |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const r of run.rows) {
      const portal = r.name.startsWith('Portal');
      const ok = r.p50 <= TARGET_P50_MS && r.non2xx === 0;
      if (portal && !ok) misses.push(`${run.backend}: ${r.name} p50 ${r.p50.toFixed(0)} ms${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`);
      const verdict = ok ? 'met' : portal ? '**missed**' : 'over (API)';
      out.push(
        `| ${r.name} | ${r.matches.toLocaleString('en')} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.max.toFixed(0)} | ${r.count} | ${r.non2xx} | ${verdict} |`,
      );
    }
    if (run.plans.length) {
      out.push('', "`EXPLAIN ANALYZE` of the API's statements per call (after the timed runs; ms of execution):", '');
      out.push('| Call | page of ids ms | count(*) ms | rows by id ms |', '|---|---:|---:|---:|');
      for (const call of run.plans) {
        const ms = (pick: (sql: string) => boolean) =>
          call.statements
            .filter((st) => pick(st.sql))
            .reduce((sum, st) => sum + st.ms, 0)
            .toFixed(1);
        out.push(
          `| ${call.name} | ${ms((q) => q.startsWith('select "id"'))} | ${ms((q) => q.startsWith('select count'))} | ${ms((q) => q.startsWith('select "members"."id"'))} |`,
        );
      }
    }
  }
  out.push('', misses.length ? `**Portal target missed:** ${misses.join('; ')}.` : '**Portal target met.**');
  return out.join('\n');
}

async function main(): Promise<void> {
  const load = os.loadavg()[0]!.toFixed(2);
  const startedAt = new Date();
  const runs: BackendRun[] = [];
  for (const backend of backends) runs.push(await benchBackend(backend));
  for (const run of runs) {
    console.log(`\n${run.backend}${run.rendered.length ? ` (portal ${run.rendered.join('; ')})` : ''}`);
    console.table(run.rows.map((r) => ({ call: r.name, matches: r.matches, 'p50 ms': Math.round(r.p50), 'p99 ms': Math.round(r.p99), non2xx: r.non2xx })));
    for (const call of run.plans) {
      console.log(`\n── ${run.backend}: ${call.name}`);
      for (const s of call.statements) console.log(`${inlineSql(s)}\n${s.plan}\n`);
    }
  }
  const body = report(runs, load, startedAt);
  console.log(`\n${body.split('\n').at(-1)}`);
  if (!values['no-write']) {
    writeSection('docs/BENCHMARKS.md', 'Members list', body);
    console.log('Updated docs/BENCHMARKS.md.');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

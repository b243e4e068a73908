/**
 * `npm run bench:api`: the Platform API under autocannon, 20 connections, 10 s per call: sign-in, the authenticated
 * `getPermission` (again with the token and permission caches off), and an authenticated list
 * (`GET /api/admin/Users/Staff`). Starts the API itself (production mode)
 * on a PGlite file database in a temporary directory, and on PostgreSQL (a fresh database, dropped afterwards) when
 * DATABASE_URL is a postgres URL or `--pg` is given. Prints req/s, p50 and p99 and writes the "Platform API" section
 * of docs/BENCHMARKS.md.
 *
 *   npm run bench:api -- [--duration 10] [--connections 20] [--pg] [--only pglite|postgres] [--no-write]
 */
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { postgresBase, withDatabase } from './databases';
import { freePort } from './shops-measure';
import { apiToken, startApi, stopServer } from './stack';
import { writeBenchSection, type BackendRun } from '../upstream/src/bench-report';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    pg: { type: 'boolean', default: false },
    only: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const LOGIN_CONNECTIONS = 4;
const pgBase = postgresBase(values.pg);
const backends = (['pglite', 'postgres'] as const).filter((b) => (b === 'postgres' ? !!pgBase : true)).filter((b) => !values.only || values.only === b);

async function startOn(databaseUrl: string, extra: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  return { url: `http://127.0.0.1:${port}`, child: await startApi(databaseUrl, port, { seconds: 120, extra }) };
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(name: string, options: autocannon.Options): Promise<BackendRun['rows'][number]> {
  await cannon({ ...options, duration: 1 }); // warm-up
  const result = await cannon(options);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function benchBackend(backend: 'pglite' | 'postgres'): Promise<BackendRun> {
  return withDatabase(backend, 'api-bench', pgBase, async (databaseUrl) => {
    const rows: BackendRun['rows'] = [];
    const { url, child } = await startOn(databaseUrl);
    try {
      const staff = await apiToken(url, 'staff.bkk', 'Staff#2026');
      const admin = await apiToken(url, 'admin', 'Admin#2026');
      const scenarios = [
        {
          // One account: the lockout lets at most 10 of its attempts be in flight at once (each counted until its
          // password is checked), so more connections would measure the lockout's 429s, not sign-in.
          name: `POST /api/admin/auth/login (one account, ${LOGIN_CONNECTIONS} connections)`,
          options: {
            connections: LOGIN_CONNECTIONS,
            url: `${url}/api/admin/auth/login`,
            method: 'POST' as const,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'staff.bkk', password: 'Staff#2026' }),
          },
        },
        {
          name: 'GET /api/admin/Permission/getPermission (staff)',
          options: { url: `${url}/api/admin/Permission/getPermission`, headers: { authorization: `Bearer ${staff}` } },
        },
        {
          name: 'GET /api/admin/Users/Staff (list, admin)',
          options: { url: `${url}/api/admin/Users/Staff?pageSize=25`, headers: { authorization: `Bearer ${admin}` } },
        },
      ];
      for (const scenario of scenarios) rows.push(await measure(scenario.name, scenario.options));
    } finally {
      await stopServer(child);
    }
    // The same call with the per-process token and permission caches off: every request asks the database.
    const uncached = await startOn(databaseUrl, { TOKEN_CACHE_MS: '0' });
    try {
      const staff = await apiToken(uncached.url, 'staff.bkk', 'Staff#2026');
      rows.push(
        await measure('GET /api/admin/Permission/getPermission (staff, caches off)', {
          url: `${uncached.url}/api/admin/Permission/getPermission`,
          headers: { authorization: `Bearer ${staff}` },
        }),
      );
    } finally {
      await stopServer(uncached.child);
    }
    return { backend, rows };
  });
}

async function main(): Promise<void> {
  const load = os.loadavg()[0]!.toFixed(2);
  const runs: BackendRun[] = [];
  for (const backend of backends) {
    console.log(`Benchmarking the Platform API on ${backend} (${connections} connections, ${duration} s per call)…`);
    runs.push(await benchBackend(backend));
  }
  for (const run of runs) {
    console.log(`\n${run.backend}`);
    console.table(run.rows.map((r) => ({ call: r.name, 'req/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99, non2xx: r.non2xx, errors: r.errors })));
  }
  const report = writeBenchSection(runs, { duration, connections, loadAtStart: load, write: !values['no-write'] });
  console.log(`\n${report.verdict}`);
  if (report.file) console.log(`Updated ${report.file}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import os from 'node:os';
/**
 * The running stack a browser benchmark needs: the Platform API and the built portal, used when they answer and
 * started here otherwise (the API on an in-memory database, the portal with `next start`, built first when no build
 * exists), stopped again on exit. Also writes one `## Section` of docs/BENCHMARKS.md.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getSecret } from '../runtime/secrets';
import { postgresBase, withDatabase } from './databases';
import { freePort, timeRequests, waitFor, type Timing } from './shops-measure';

const children: ChildProcess[] = [];

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  SESSION_SECRET: getSecret('SESSION_SECRET'),
  AUTOLOGIN_SECRET: getSecret('AUTOLOGIN_SECRET'),
  JWT_SECRET: getSecret('JWT_SECRET'),
  APP_API_KEY: getSecret('APP_API_KEY'),
  PAYMENT_WEBHOOK_SECRET: getSecret('PAYMENT_WEBHOOK_SECRET'),
  SETTINGS_SECRET: getSecret('SETTINGS_SECRET'),
};

export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/** Each server runs in its own process group, so stopping it also stops what `npx` started below it. */
function start(command: string, args: string[], extra: Record<string, string>): void {
  children.push(spawn(command, args, { stdio: 'ignore', env: { ...env, ...extra }, detached: true }));
}

export function stopStack(): void {
  for (const child of children.splice(0)) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already stopped.
    }
  }
}
process.on('exit', stopStack);
process.on('SIGINT', () => process.exit(130));

/** A server in its own process group (stopped on exit or by `stopServer`), production mode. */
function spawnServer(command: string, args: string[], extra: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], detached: true, env: { ...env, NODE_ENV: 'production', ...extra } });
  children.push(child);
  return child;
}

/**
 * Starts the Platform API alone on `databaseUrl` (plus `extra` settings, and `nodeArgs` before the script, e.g.
 * `--cpu-prof`) and waits until it answers on 127.0.0.1:`port`.
 */
export async function startApi(
  databaseUrl: string,
  port: number,
  options: { seconds?: number; extra?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<ChildProcess> {
  const child = spawnServer(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'upstream/src/server.ts'], {
    ...options.extra,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, options.seconds ?? 300);
  return child;
}

/** Signs a demo user in on the Platform API itself and returns the access token. */
export async function apiToken(apiUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${apiUrl}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { status?: boolean; accessToken?: string };
  if (!body.status || !body.accessToken) throw new Error(`The Platform API at ${apiUrl} did not sign ${username} in (HTTP ${res.status}).`);
  return body.accessToken;
}

/**
 * A build of the portal: the first of `candidates` (then `NEXT_DIST_DIR`, then `.next`) that holds one, else a new
 * build into `NEXT_DIST_DIR` or `.next`.
 */
export function builtPortal(candidates: string[] = []): string {
  const dirs = [...candidates, process.env.NEXT_DIST_DIR, '.next'].filter((d): d is string => !!d);
  const found = dirs.find((d) => existsSync(path.join(d, 'BUILD_ID')));
  if (found) return found;
  const dir = process.env.NEXT_DIST_DIR || '.next';
  console.log(`Building the portal into ${dir}…`);
  const build = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: { ...env, NEXT_DIST_DIR: dir } });
  if (build.status !== 0) throw new Error('next build failed');
  return dir;
}

/** Starts the built portal (`next start`) on 127.0.0.1:`port` against `apiUrl` and waits until it answers. */
export async function startPortal(apiUrl: string, port: number, distDir: string, seconds = 120): Promise<ChildProcess> {
  const child = spawnServer('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], { UPSTREAM_API_URL: apiUrl, NEXT_DIST_DIR: distDir });
  await waitFor(`http://127.0.0.1:${port}/auth/login`, seconds);
  return child;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  const at = children.indexOf(child);
  if (at !== -1) children.splice(at, 1);
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await exited;
}

/** Makes sure the API and the portal answer; returns what was started here. */
export async function ensureStack(apiUrl: string, portalUrl: string): Promise<string[]> {
  const started: string[] = [];
  const api = new URL(apiUrl);
  const portal = new URL(portalUrl);
  if (!(await answers(api.origin))) {
    console.log(`Starting the Platform API on ${api.origin} (in-memory database)…`);
    start('npx', ['tsx', 'upstream/src/server.ts'], { PORT: api.port || '4000', DATABASE_URL: 'memory://', NODE_ENV: 'production' });
    await waitFor(`${api.origin}/api/openapi.json`, 90);
    started.push('Platform API');
  }
  if (!(await answers(portal.origin))) {
    const distDir = process.env.NEXT_DIST_DIR || '.next';
    if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
      console.log(`Building the portal into ${distDir}…`);
      // With the benchmark-only routes (the bare route handler of bench:bff).
      const build = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: { ...env, BENCH_ROUTES: '1' } });
      if (build.status !== 0) throw new Error('next build failed');
    }
    console.log(`Starting the portal on ${portal.origin}…`);
    start('npx', ['next', 'start', '-p', portal.port || '3000', '-H', portal.hostname], { UPSTREAM_API_URL: api.origin, NODE_ENV: 'production' });
    await waitFor(`${portal.origin}/auth/login`, 90);
    started.push('portal');
  }
  return started;
}

/**
 * Signs a demo user in through the portal's own login handler and returns the session cookie (`name=value`): named
 * `__Host-bo_session` when the portal sets Secure cookies (production without COOKIE_SECURE=false), else `bo_session`.
 */
export async function portalSessionCookie(portalUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${portalUrl}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?bo_session=/.test(c))
    ?.split(';')[0];
  if (!cookie) throw new Error(`The portal at ${portalUrl} did not sign ${username} in (HTTP ${response.status}).`);
  return cookie;
}

/** Replaces (or appends) the `## {title}` section of a markdown file, leaving the other sections alone. */
export function writeSection(file: string, title: string, body: string): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body}\n`;
  const lines = current.split('\n');
  const first = lines.findIndex((line) => line.trim() === heading);
  if (first === -1) {
    writeFileSync(file, `${current.trimEnd()}\n\n${section}`);
    return;
  }
  let end = lines.findIndex((line, i) => i > first && line.startsWith('## '));
  if (end === -1) end = lines.length;
  const before = lines.slice(0, first).join('\n');
  const after = lines.slice(end).join('\n');
  writeFileSync(file, `${before}${before ? '\n' : ''}${section}${after ? `\n${after}` : ''}`.trimEnd() + '\n');
}

/** Holds `file` with flock until the answer's release is called (the lock is taken when this resolves). */
export async function holdLock(file: string): Promise<() => void> {
  const child: ChildProcess = spawn('flock', [file, 'sh', '-c', 'echo locked; cat'], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`flock ended (${code})`)));
  });
  return () => child.stdin!.end();
}

export interface PageCase {
  name: string;
  /** Below `/api/admin/{service}/`; the portal page is the same below `/Service/{service}/`. */
  path: string;
}
export interface PageTiming extends Timing {
  name: string;
}

/**
 * Times each user's cases at the Platform API (`requests` each) and, unless `portal` is false, as portal pages
 * (`portalRequests` each) on the built portal, started here and stopped after (holding `lock` meanwhile, so no build
 * replaces it). The cases of a user come from `casesOf` with that user's API headers.
 */
export async function measurePages(options: {
  apiUrl: string;
  service: string;
  users: readonly (readonly [string, string])[];
  casesOf: (headers: Record<string, string>) => Promise<PageCase[]>;
  requests: number;
  portalRequests: number;
  portal: boolean;
  lock?: string;
}): Promise<PageTiming[]> {
  const { apiUrl, service } = options;
  const out: PageTiming[] = [];
  const all = new Map<string, PageCase[]>();
  for (const [username, password] of options.users) {
    const headers = { authorization: `Bearer ${await apiToken(apiUrl, username, password)}` };
    const cases = await options.casesOf(headers);
    all.set(username, cases);
    for (const c of cases) {
      process.stdout.write(`  API ${c.path} (${username})…\n`);
      out.push({ name: `API: ${c.name} (${username})`, ...(await timeRequests(`${apiUrl}/api/admin/${service}/${c.path}`, { headers }, options.requests, 3)) });
    }
  }
  if (!options.portal) return out;
  if (options.lock) process.stdout.write(`  waiting for ${options.lock}…\n`);
  const release = options.lock ? await holdLock(options.lock) : () => undefined;
  const portalUrl = `http://127.0.0.1:${await freePort()}`;
  const portal = await startPortal(apiUrl, Number(new URL(portalUrl).port), builtPortal()).catch((error: unknown) => {
    release();
    throw error;
  });
  try {
    for (const [username, password] of options.users) {
      const headers = { cookie: await portalSessionCookie(portalUrl, username, password) };
      for (const c of all.get(username) ?? []) {
        process.stdout.write(`  portal ${c.path} (${username})…\n`);
        out.push({
          name: `Portal: ${c.name} (${username})`,
          ...(await timeRequests(`${portalUrl}/Service/${service}/${c.path}`, { headers, redirect: 'manual' }, options.portalRequests, 3)),
        });
      }
    }
  } finally {
    await stopServer(portal);
    release();
  }
  return out;
}

/** The table of a run's timings, with the target met or missed on the portal rows. */
export function timingTable(rows: PageTiming[], targetMs: number): string[] {
  const portal = (r: PageTiming) => r.name.startsWith('Portal');
  return [
    '| Call | p50 ms | p99 ms | max ms | non-2xx | target p50 | vs target |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.p50)} | ${Math.round(r.p99)} | ${Math.round(r.max)} | ${r.non2xx} | ${portal(r) ? targetMs : ''} | ${portal(r) ? (r.p50 <= targetMs && r.non2xx === 0 ? 'met' : '**missed**') : ''} |`,
    ),
  ];
}

/** "N of M portal pages met the target; missed: …", or that the portal was not measured. */
export function targetSummary(rows: PageTiming[], targetMs: number): string {
  const portal = rows.filter((r) => r.name.startsWith('Portal'));
  const missed = portal.filter((r) => r.p50 > targetMs || r.non2xx > 0);
  return portal.length
    ? `**${portal.length - missed.length} of ${portal.length} portal pages met the target; missed: ${missed.length ? missed.map((r) => r.name.replace('Portal: ', '')).join('; ') : 'none'}.**`
    : '**The portal was not measured in this run (`--no-portal`).**';
}

/**
 * One page benchmark on a fresh PostgreSQL database: seeds it (`seed`), starts the Platform API, times the users'
 * cases at the API and the portal (`measurePages`), prints the figures and writes the report as a section of
 * docs/BENCHMARKS.md unless `write` is false.
 */
export async function runPageBench<S extends object>(options: {
  /** The database's name prefix (`bench-{name}`). */
  name: string;
  section: string;
  pg: boolean | undefined;
  seed: (databaseUrl: string) => Promise<S>;
  service: string;
  users: readonly (readonly [string, string])[];
  casesOf: (apiUrl: string, headers: Record<string, string>) => Promise<PageCase[]>;
  requests: number;
  portalRequests: number;
  portal: boolean;
  lock?: string;
  write: boolean;
  report: (run: S & { rows: PageTiming[] }, startedAt: Date, load: string) => string;
}): Promise<void> {
  const pgBase = postgresBase(options.pg);
  if (!pgBase) throw new Error('No PostgreSQL server: set DATABASE_URL or pass --pg.');
  const load = os.loadavg()[0]!.toFixed(2);
  const startedAt = new Date();
  const result = await withDatabase('postgres', `bench-${options.name}`, pgBase, async (databaseUrl) => {
    const seeded = await options.seed(databaseUrl);
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const api = await startApi(databaseUrl, port);
    try {
      const rows = await measurePages({
        apiUrl,
        service: options.service,
        users: options.users,
        casesOf: (headers) => options.casesOf(apiUrl, headers),
        requests: options.requests,
        portalRequests: options.portalRequests,
        portal: options.portal,
        lock: options.lock,
      });
      return { ...seeded, rows };
    } finally {
      await stopServer(api);
    }
  });
  console.table(result.rows.map((r) => ({ call: r.name, 'p50 ms': Math.round(r.p50), 'p99 ms': Math.round(r.p99), non2xx: r.non2xx })));
  if (options.write) {
    writeSection('docs/BENCHMARKS.md', options.section, options.report(result, startedAt, load));
    console.log('Updated docs/BENCHMARKS.md.');
  }
}

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Writes the "Platform API" section of docs/BENCHMARKS.md for `bench/api.ts`. */
export interface BenchRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

export interface BackendRun {
  backend: 'pglite' | 'postgres';
  rows: BenchRow[];
}

export const TARGET = { p50Ms: 5, rps: 1500 } as const;
const FILE = path.join(process.cwd(), 'docs', 'BENCHMARKS.md');
const TITLE = '## Platform API';
const LABEL = { pglite: 'PGlite (file database)', postgres: 'PostgreSQL' } as const;

function machine(loadAtStart: string): string {
  const cpus = os.cpus();
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${memory} GiB RAM, Node ${process.version}, load average ${loadAtStart} at start`;
}

function judge(row: BenchRow | undefined, what: string): string {
  if (!row) return `No figure for ${what}.`;
  const ok = row.p50 <= TARGET.p50Ms && row.rps >= TARGET.rps;
  return `${ok ? 'Target met' : 'Target missed'} ${what}: p50 ${row.p50} ms, ${Math.round(row.rps)} req/s (target p50 ≤ ${TARGET.p50Ms} ms and ≥ ${TARGET.rps} req/s).`;
}

export function verdictFor(run: BackendRun): string {
  const cached = run.rows.find((r) => r.name.includes('getPermission') && !r.name.includes('caches off'));
  const uncached = run.rows.find((r) => r.name.includes('getPermission') && r.name.includes('caches off'));
  return [
    judge(cached, `on ${LABEL[run.backend]} for getPermission as configured`),
    judge(uncached, `on ${LABEL[run.backend]} for getPermission with the caches off`),
  ].join(' ');
}

function subsection(run: BackendRun, meta: { duration: number; connections: number; loadAtStart: string }): string {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    `### ${LABEL[run.backend]}`,
    '',
    `Run ${date} UTC · ${meta.connections} connections · ${meta.duration} s per call · ${machine(meta.loadAtStart)}.`,
    '',
    '| Call | req/s | p50 ms | p99 ms | requests | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...run.rows.map((r) => `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.total} | ${r.non2xx} | ${r.errors} |`),
    '',
  ];
  if (run.backend === 'postgres') lines.push(`**${verdictFor(run)}**`, '');
  return lines.join('\n');
}

const INTRO = [
  TITLE,
  '',
  '`npm run bench:api` (bench/api.ts) starts the Platform API in production mode as its own process, signs in, and',
  'runs autocannon against three calls: sign-in (scrypt N=2^17, r=8: 128 MiB and a few hundred ms of CPU per hash, on purpose slow;',
  'one account on 4 connections, as the lockout lets at most 10 of its attempts be in flight), the authenticated `getPermission`',
  'of a staff member (one row per menu entry of the route registry, about 140), and an authenticated list through the resource kit',
  '(`GET /api/admin/Users/Staff`). `getPermission` is measured twice: as configured (a verified token and a',
  'permission list are trusted for `TOKEN_CACHE_MS`, default 1000 ms, per process) and with `TOKEN_CACHE_MS=0`, where',
  'every request verifies the JWT and reads the session and the permission rows (prepared statements).',
  'autocannon runs on the same machine, so both share the two cores; the load average at start is recorded because',
  'the machine is shared with other work.',
  'Target: authenticated `getPermission` p50 ≤ 5 ms and ≥ 1,500 req/s on PostgreSQL.',
  '',
].join('\n');

/** The file with this run's subsections replaced inside the "Platform API" section; everything else is kept. */
export function mergeBenchSection(text: string, runs: BackendRun[], meta: { duration: number; connections: number; loadAtStart: string }): string {
  const start = text.indexOf(`${TITLE}\n`);
  let end = text.length;
  if (start !== -1) {
    const next = text.indexOf('\n## ', start + TITLE.length);
    if (next !== -1) end = next + 1;
  }
  const old = start === -1 ? '' : text.slice(start, end);
  const kept = new Map<string, string>();
  for (const part of old.split(/\n(?=### )/).slice(1)) kept.set(part.split('\n')[0]!, part.trimEnd() + '\n');
  for (const run of runs) kept.set(`### ${LABEL[run.backend]}`, subsection(run, meta));
  const order = [`### ${LABEL.pglite}`, `### ${LABEL.postgres}`];
  const body =
    INTRO +
    '\n' +
    order
      .filter((k) => kept.has(k))
      .map((k) => kept.get(k)!.trimEnd() + '\n')
      .join('\n');
  const next = start === -1 ? `${text.trimEnd()}\n\n${body}` : text.slice(0, start) + body + (end < text.length ? '\n' + text.slice(end) : '');
  return next.endsWith('\n') ? next : `${next}\n`;
}

export function writeBenchSection(runs: BackendRun[], meta: { duration: number; connections: number; loadAtStart: string; write: boolean }) {
  const pgRun = runs.find((r) => r.backend === 'postgres');
  const verdict = pgRun ? verdictFor(pgRun) : 'PostgreSQL not run (set DATABASE_URL or pass --pg).';
  if (!meta.write) return { verdict, file: null };
  const text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n\n';
  writeFileSync(FILE, mergeBenchSection(text, runs, meta));
  return { verdict, file: FILE };
}

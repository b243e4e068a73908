/**
 * `npm run bench:lighthouse`: Lighthouse 12 (its CLI, Chromium at CHROME_PATH, default /usr/bin/chromium) on the
 * signed-in service dashboard as staff.bkk, several runs; prints and records the median performance and
 * accessibility scores and the first-load JavaScript of that service page (gzip transfer of its scripts), and
 * writes the "Lighthouse" section of docs/BENCHMARKS.md.
 *
 *   npm run bench:lighthouse -- [--runs 3] [--preset mobile|desktop] [--path /Service/Delivery/Shop,/Service/Delivery/Dashboard]
 *                               [--portal http://127.0.0.1:3000] [--api http://127.0.0.1:4000] [--out docs/BENCHMARKS.md] [--no-write] [--keep-reports]
 *
 * A portal or API that does not answer is started (see bench/stack.ts). Nothing is installed or downloaded.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lighthouseSection, pagesSummary, type LighthouseRun } from './lighthouse-report';
import { ensureStack, portalSessionCookie, stopStack, writeSection } from './stack';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    preset: { type: 'string', default: 'mobile' },
    /** Comma-separated: a list, a view, the dashboard and the monitor by default. */
    path: {
      type: 'string',
      default:
        '/Service/Delivery/Shop,/Service/Delivery/Slide,/Service/Delivery/Orders,/Service/Delivery/Shop/Add,/Service/Delivery/Dashboard,/Service/Delivery/Monitor/Biker',
    },
    portal: { type: 'string', default: process.env.PORTAL_URL ?? 'http://127.0.0.1:3000' },
    api: { type: 'string', default: process.env.UPSTREAM_API_URL ?? 'http://127.0.0.1:4000' },
    out: { type: 'string', default: 'docs/BENCHMARKS.md' },
    'no-write': { type: 'boolean', default: false },
    // Keeps Lighthouse's JSON reports (LCP element, request chains) in a temporary folder and prints where.
    'keep-reports': { type: 'boolean', default: false },
  },
});
const preset = values.preset === 'desktop' ? 'desktop' : 'mobile';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

/** One Lighthouse run through its CLI; the report is read back from a temporary JSON file. */
function runLighthouse(url: string, cookie: string, dir: string, index: string): LighthouseRun {
  const output = path.join(dir, `run-${index}.json`);
  const args = [
    url,
    '--output=json',
    `--output-path=${output}`,
    '--only-categories=performance,accessibility',
    `--chrome-flags=${CHROME_FLAGS}`,
    `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
    '--quiet',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const result = spawnSync(path.join('node_modules', '.bin', 'lighthouse'), args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CHROME_PATH: chromePath },
  });
  if (result.status !== 0) throw new Error(`lighthouse exited with ${result.status}`);
  const lhr = JSON.parse(readFileSync(output, 'utf8')) as {
    finalDisplayedUrl: string;
    runtimeError?: { message: string };
    categories: Record<'performance' | 'accessibility', { score: number | null }>;
    audits: Record<string, { numericValue?: number; details?: { items?: NetworkRequest[] } }>;
  };
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}: not signed in?`);
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    scripts: scripts.length,
    jsTransfer: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsResource: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
    jsBody: 0,
    scriptUrls: scripts.map((r) => r.url),
  };
}

/** The compressed body of a script as the portal sends it to a browser (gzip asked for), without headers. */
function compressedBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

async function withCompressedBodies(run: LighthouseRun, cache: Map<string, number>): Promise<LighthouseRun> {
  let total = 0;
  for (const url of run.scriptUrls) {
    if (!cache.has(url)) cache.set(url, await compressedBytes(url));
    total += cache.get(url)!;
  }
  return { ...run, jsBody: total };
}

/** A list page: the catch-all's resource lists and the order lists (no map, no charts). */
const isListPage = (p: string) => !/\/(View|Add|Dashboard|Monitor)\b/.test(p);

async function main(): Promise<void> {
  const load = os.loadavg();
  const started = await ensureStack(values.api, values.portal);
  const cookie = await portalSessionCookie(values.portal, 'staff.bkk', 'Staff#2026');
  const paths = values.path
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const pages: { path: string; list: boolean; runs: LighthouseRun[] }[] = [];
  const bodies = new Map<string, number>();
  try {
    for (const pagePath of paths) {
      const url = new URL(pagePath, values.portal).toString();
      // One unrecorded load first, so the portal has compiled and cached what the page needs.
      await fetch(url, { headers: { cookie } });
      const runs: LighthouseRun[] = [];
      for (let i = 1; i <= Math.max(1, Number(values.runs)); i++) {
        console.log(`Lighthouse run ${i} (${preset}) on ${url}…`);
        let measured: LighthouseRun;
        try {
          measured = runLighthouse(url, cookie, dir, `${pages.length}-${i}`);
        } catch (error) {
          // Lighthouse sometimes loses its trace (NO_NAVSTART) on a loaded machine: that run is made again, once.
          console.log(`  ${(error as Error).message}; once more`);
          measured = runLighthouse(url, cookie, dir, `${pages.length}-${i}-again`);
        }
        const run = await withCompressedBodies(measured, bodies);
        console.log(
          `  performance ${run.performance}, LCP ${Math.round(run.lcp)} ms, first-load JS ${(run.jsBody / 1000).toFixed(1)} kB gzip (${run.scripts} scripts)`,
        );
        runs.push(run);
      }
      pages.push({ path: pagePath, list: isListPage(pagePath), runs });
    }
  } finally {
    if (values['keep-reports']) console.log(`Lighthouse reports kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  const body = [
    pagesSummary(pages),
    '',
    ...pages.flatMap((page) => [
      `### \`${page.path}\``,
      '',
      lighthouseSection({ runs: page.runs, preset, path: page.path, load, started, chromePath, chromeFlags: CHROME_FLAGS }),
      '',
    ]),
  ].join('\n');
  console.log(`\n${body}\n`);
  if (!values['no-write']) writeSection(values.out, 'Lighthouse', body);
  stopStack();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  stopStack();
  process.exit(1);
});

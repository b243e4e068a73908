/** The figures of one Lighthouse run and the "Lighthouse" section of docs/BENCHMARKS.md built from several. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  /** Milliseconds (CLS: unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Script requests of the page load and their bytes: compressed bodies, on the wire (with headers), decoded. */
  scripts: number;
  scriptUrls: string[];
  jsBody: number;
  jsTransfer: number;
  jsResource: number;
}

export const TARGETS = { performance: 95, accessibility: 95, firstLoadJsKb: 180 } as const;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** kB of 1000 bytes, the stricter reading of the target. */
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => String(Math.round(value));
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

function versionOf(command: string): string {
  const result = spawnSync(command, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : 'unknown version';
}

interface SectionInput {
  runs: LighthouseRun[];
  preset: 'mobile' | 'desktop';
  path: string;
  load: number[];
  started: string[];
  chromePath: string;
  chromeFlags: string;
}

export function lighthouseSection({ runs, preset, path, load, started, chromePath, chromeFlags }: SectionInput): string {
  const cpu = os.cpus();
  const lighthouse = (JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version;
  const perf = median(runs.map((r) => r.performance));
  const a11y = median(runs.map((r) => r.accessibility));
  const js = median(runs.map((r) => r.jsBody));
  const wire = median(runs.map((r) => r.jsTransfer));
  const settings =
    preset === 'mobile'
      ? "Lighthouse's default mobile settings (emulated phone, simulated slow 4G, 4× CPU slowdown)"
      : "Lighthouse's desktop preset (simulated fast connection, no CPU slowdown)";
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${versionOf(chromePath)}, Lighthouse ${lighthouse}; ` +
      `load average ${load.map((l) => l.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the start. Portal (\`next start\`), Platform API ` +
      `and Chromium on the same machine${started.length ? ` (started by the benchmark: ${started.join(', ')})` : ''}.`,
    '',
    `Page: \`${path}\` signed in as staff.bkk (the session cookie sent as an extra header), ${settings}, ` +
      `categories performance and accessibility, Chrome flags \`${chromeFlags}\`. First-load JavaScript: every script ` +
      "request of the page load in Lighthouse's network log; gzip = the compressed bodies the portal sends for them, " +
      'wire = what Lighthouse counted on the wire (bodies and response headers), decoded = uncompressed; kB = 1000 bytes.',
    '',
    '| run | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | scripts | JS gzip kB | JS wire kB | JS decoded kB |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map(
      (r, i) =>
        `| ${i + 1} | ${r.performance} | ${r.accessibility} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${r.cls.toFixed(3)} | ${r.scripts} | ${kb(r.jsBody)} | ${kb(r.jsTransfer)} | ${kb(r.jsResource)} |`,
    ),
    '',
    '| figure | median | target | |',
    '|---|---:|---:|---|',
    `| performance | ${perf} | ≥ ${TARGETS.performance} | ${verdict(perf >= TARGETS.performance)} |`,
    `| accessibility | ${a11y} | ≥ ${TARGETS.accessibility} | ${verdict(a11y >= TARGETS.accessibility)} |`,
    `| first-load JS of the service page (gzip) | ${kb(js)} kB | ≤ ${TARGETS.firstLoadJsKb} kB | ${verdict(js / 1000 <= TARGETS.firstLoadJsKb)} |`,
    `| the same on the wire, with response headers | ${kb(wire)} kB | | |`,
    '',
    'Scores move with the load of the machine (the three processes and Chromium share its cores); compare runs made at',
    'a similar load average. Reproduce: `npm run bench:lighthouse` (`-- --runs 5`, `-- --preset desktop`).',
  ].join('\n');
}

/** Targets of a list page (issue: each route ships only its own code). */
export const LIST_TARGETS = { firstLoadJsKb: 160, lcpMs: 1200, performance: 95 } as const;

/** One row per page: the medians of its runs, and for list pages the list targets. */
export function pagesSummary(pages: { path: string; list: boolean; runs: LighthouseRun[] }[]): string {
  const rows = pages.map(({ path, list, runs }) => {
    const perf = median(runs.map((r) => r.performance));
    const lcp = median(runs.map((r) => r.lcp));
    const js = median(runs.map((r) => r.jsBody)) / 1000;
    const met = list ? verdict(perf >= LIST_TARGETS.performance && lcp <= LIST_TARGETS.lcpMs && js <= LIST_TARGETS.firstLoadJsKb) : '';
    return `| \`${path}\` | ${runs.length} | ${perf} | ${ms(lcp)} | ${js.toFixed(1)} | ${list ? `≤ ${LIST_TARGETS.firstLoadJsKb} kB, LCP ≤ ${LIST_TARGETS.lcpMs} ms, ≥ ${LIST_TARGETS.performance}` : ''} | ${met} |`;
  });
  return [
    '| page | runs | performance (median) | LCP ms (median) | first-load JS gzip kB (median) | list-page target | |',
    '|---|---:|---:|---:|---:|---|---|',
    ...rows,
  ].join('\n');
}

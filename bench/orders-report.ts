/** The "Orders" section of docs/BENCHMARKS.md from the runs of bench/orders.ts. */
import os from 'node:os';
import type { Backend } from './databases';
import { inlineSql, type ExplainedCall } from './orders-explain';
import type { Timing } from './shops-measure';

export const TARGET_MS = { list: 150, dashboard: 300, report: 300 } as const;

export interface Row extends Timing {
  name: string;
  kind: keyof typeof TARGET_MS;
}
export interface BackendRun {
  backend: Backend;
  seed: { demoSeconds: number; added: number; addSeconds: number; orders: number; deliveryFood: number; events: number; transactions: number };
  rows: Row[];
  plans: ExplainedCall[];
  /** What the portal's page 1 showed against the API's, per user (empty without the portal run). */
  rendered: string[];
  /** The report exports: size, time and how far the API's resident memory rose while streaming. */
  exports: { name: string; status: number; bytes: number; seconds: number; rssRise: number }[];
}

const fmt = (n: number) => n.toLocaleString('en');
const title = (b: Backend) => (b === 'pglite' ? 'PGlite (file database)' : 'PostgreSQL');
/** A plan without its buffer lines, which say little here (everything is cached after the warm-up). */
const compact = (plan: string) =>
  plan
    .split('\n')
    .filter((l) => !/^\s*(Buffers|Planning:|Planning Time)/.test(l))
    .join('\n');

/**
 * The plans of a run: each call's statements with their `EXPLAIN (ANALYZE, BUFFERS)`, a statement already shown
 * (the same text, or only another list of ids) only by its time. With `full` false, the execution times alone.
 */
function plans(run: BackendRun, full: boolean): string[] {
  const out = ['', `#### Query plans (${title(run.backend)})`, ''];
  if (!full) {
    out.push('Execution time of each statement the call sends (the plans have the same shape as on PostgreSQL):', '', '| Call | statements, ms |', '|---|---|');
    for (const call of run.plans) out.push(`| ${call.name} | ${call.statements.map((st) => st.ms.toFixed(1)).join(' + ')} |`);
    return out;
  }
  out.push("Each call of the API's data layer as it runs warm: every statement it sends, with its `EXPLAIN (ANALYZE, BUFFERS)` (buffer lines left out).");
  const shown = new Set<string>();
  for (const call of run.plans) {
    const total = call.statements.reduce((sum, st) => sum + st.ms, 0);
    out.push('', `**${call.name}**: ${call.statements.length} statements, ${total.toFixed(1)} ms of execution in all.`, '');
    for (const st of call.statements) {
      const text = inlineSql(st).replace(/\s+/g, ' ');
      const key = text.replace(/in \([\d, ]+\)/g, 'in (…)');
      if (shown.has(key)) {
        out.push(`- \`${text.slice(0, 100)} …\`: ${st.ms.toFixed(1)} ms, the plan shown above.`);
        continue;
      }
      shown.add(key);
      out.push('```sql', text.length > 600 ? `${text.slice(0, 600)} …` : text, '```', '```text', compact(st.plan), '```');
    }
  }
  return out;
}

export function ordersReport(
  runs: BackendRun[],
  info: { load: string; startedAt: Date; requests: number; portalRequests: number; extraOrders: number },
): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const out: string[] = [
    '`npm run bench:orders` (bench/orders.ts) seeds the demo data (55,000 orders over 90 days) into a fresh database, adds',
    `${fmt(info.extraOrders)} food orders and a tenth as many parcel orders with \`addOrders\` (\`npm run seed -- --orders N\`: items, events,`,
    'ledger and rollups, set-based SQL in chunks of 50,000), records the plans of the list and dashboard queries, starts the',
    'Platform API (production mode, its own process) and times sequential requests after a warm-up (time to the last byte),',
    'as admin (the whole Delivery app) and as staff.bkk (the Bangkok area only). Then the built portal (`next start`) serves',
    'the same views as pages (`/Service/Delivery/Orders?…`, the dashboards), each rendered on the server from those calls:',
    'the "Portal" rows are what a browser waits for the HTML. Client, portal, API and database share the machine.',
    `Targets: order lists p50 ≤ ${TARGET_MS.list} ms at any page, dashboards p50 ≤ ${TARGET_MS.dashboard} ms, every report for this month and for the last 365 days p50 ≤ ${TARGET_MS.report} ms, the XLSX export of a year's shop report in flat memory.`,
    '',
    `Run ${info.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, load average ${info.load} at start · ${info.requests} requests per API call, ${info.portalRequests} per portal page.`,
  ];
  const misses: string[] = [];
  for (const run of runs) {
    const s = run.seed;
    out.push(
      '',
      `### ${title(run.backend)}`,
      '',
      `Demo seed in ${s.demoSeconds.toFixed(1)} s; ${fmt(s.added)} orders added in ${s.addSeconds.toFixed(0)} s (${fmt(Math.round(s.added / Math.max(s.addSeconds, 1)))} orders/s). ` +
        `${fmt(s.orders)} orders in all (${fmt(s.deliveryFood)} Delivery food orders), ${fmt(s.events)} events, ${fmt(s.transactions)} wallet transactions.` +
        (run.rendered.length ? ` Check of the pages: ${run.rendered.join('; ')}.` : ''),
      '',
      '| Call | p50 ms | p99 ms | max ms | non-2xx | target p50 | vs target |',
      '|---|---:|---:|---:|---:|---:|---|',
    );
    for (const r of run.rows) {
      const target = TARGET_MS[r.kind];
      const ok = r.p50 <= target && r.non2xx === 0;
      if (!ok) misses.push(`${run.backend}: ${r.name} p50 ${r.p50.toFixed(0)} ms${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`);
      out.push(`| ${r.name} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.max.toFixed(0)} | ${r.non2xx} | ${target} | ${ok ? 'met' : '**missed**'} |`);
    }
  }
  for (const run of runs.filter((r) => r.exports.length)) {
    out.push('', `XLSX exports (${title(run.backend)}), the API's resident memory sampled every 50 ms while the file streams:`, '');
    out.push('| Export | status | size | seconds | RSS rise |', '|---|---:|---:|---:|---:|');
    for (const e of run.exports) {
      out.push(`| ${e.name} | ${e.status} | ${fmt(Math.round(e.bytes / 1024))} kB | ${e.seconds.toFixed(2)} | ${(e.rssRise / 1_048_576).toFixed(1)} MB |`);
    }
  }
  out.push('', misses.length ? `**Targets missed:** ${misses.join('; ')}.` : '**All targets met.**');
  for (const run of runs) out.push(...plans(run, run.backend === 'postgres' || runs.length === 1));
  return out.join('\n');
}

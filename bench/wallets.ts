/**
 * `npm run bench:wallets`: Wallet Monitoring and Wallet Balance at millions of ledger rows. On a fresh PostgreSQL
 * database (DATABASE_URL, or `--pg` for the local server) it seeds the demo data and `--orders` more food orders
 * (plus a tenth as many parcels) through `addOrders`, whose ledger writes the wallet transactions, then starts the
 * Platform API and the built portal and times sequential requests after a warm-up: the transaction lists at the
 * first, middle and last page, a filtered list, the balance lists and one wallet, as admin and as staff.bkk, at the
 * API and as portal pages. Prints the figures and writes the "Wallets" section of docs/BENCHMARKS.md.
 *
 *   npm run bench:wallets -- [--orders 1200000] [--requests 20] [--portal-requests 15] [--no-write]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../upstream/src/config';
import { openDatabase } from '../upstream/src/db/client';
import { runMigrations } from '../upstream/src/db/migrate';
import { seedIfEmpty } from '../upstream/src/seed';
import { addOrders } from '../upstream/src/seed/orders';
import { rows } from '../upstream/src/seed/sql-text';
import { postgresBase, withDatabase } from './databases';
import { freePort, timeRequests, type Timing } from './shops-measure';
import { apiToken, builtPortal, portalSessionCookie, startApi, startPortal, stopServer, writeSection } from './stack';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1200000' },
    requests: { type: 'string', default: '20' },
    'portal-requests': { type: 'string', default: '15' },
    pg: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const extraOrders = Number(values.orders);
const requests = Number(values.requests);
const portalRequests = Number(values['portal-requests']);
const TARGET_MS = 150;
const USERS = [
  ['admin', 'Admin#2026'],
  ['staff.bkk', 'Staff#2026'],
] as const;

interface Case {
  name: string;
  /** Below `/api/admin/Delivery/`; the portal page is the same below `/Service/Delivery/`, where it has one. */
  path: string;
  page?: string;
}
interface Row extends Timing {
  name: string;
}

async function seed(databaseUrl: string): Promise<{ transactions: number; seconds: number }> {
  const handle = await openDatabase(databaseUrl);
  try {
    await runMigrations(handle);
    const started = performance.now();
    await seedIfEmpty(handle.db, loadConfig({ databaseUrl }).scrypt);
    await addOrders(handle.db, extraOrders, { log: (line) => process.stdout.write(`\r  seeding ${line}   `) });
    process.stdout.write('\n');
    const [count] = await rows<{ n: string }>(handle.db, 'SELECT count(*) AS n FROM wallet_transactions');
    await rows(handle.db, 'ANALYZE');
    return { transactions: Number(count!.n), seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}

/** The cases of one user: the page counts come from the API's first answers. */
async function casesOf(apiUrl: string, headers: Record<string, string>): Promise<Case[]> {
  const totalOf = async (path: string) => ((await (await fetch(`${apiUrl}/api/admin/Delivery/${path}`, { headers })).json()) as { total: number }).total;
  const tx = await totalOf('Wallet/Member?pageSize=25');
  const wallets = await totalOf('Wallet/Balance/Member?pageSize=25');
  const txPages = Math.max(1, Math.ceil(tx / 25));
  const walletPages = Math.max(1, Math.ceil(wallets / 25));
  const first = (await (await fetch(`${apiUrl}/api/admin/Delivery/Wallet/Balance/Member`, { headers })).json()) as { data: { id: string }[] };
  const wallet = first.data[0]!.id;
  return [
    { name: `Member transactions page 1 of ${txPages.toLocaleString('en')}`, path: 'Wallet/Member', page: 'Wallet/Member' },
    { name: `Member transactions page ${Math.ceil(txPages / 2).toLocaleString('en')} (the middle)`, path: `Wallet/Member?page=${Math.ceil(txPages / 2)}` },
    { name: `Member transactions page ${txPages.toLocaleString('en')} (the last)`, path: `Wallet/Member?page=${txPages}` },
    { name: 'Member transactions status=Pending, page 1', path: 'Wallet/Member?status=Pending' },
    { name: 'Member transactions type=deposit, by amount', path: 'Wallet/Member?type=deposit&sort=amount&order=desc' },
    { name: `Member balances page 1 of ${walletPages.toLocaleString('en')}`, path: 'Wallet/Balance/Member' },
    { name: `Member balances page ${walletPages.toLocaleString('en')} (the last)`, path: `Wallet/Balance/Member?page=${walletPages}` },
    { name: 'One wallet: its transactions, page 1', path: `Wallet/Balance/wallet/${wallet}/transactions`, page: `Wallet/Balance/${wallet}` },
  ];
}

const portalPath = (c: Case) => `/Service/Delivery/${c.page ?? (c.path.startsWith('Wallet/Balance/wallet/') ? null : c.path)}`;

function report(run: { transactions: number; seconds: number; rows: Row[] }, startedAt: Date, load: string): string {
  const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const lines = [
    '`npm run bench:wallets` (bench/wallets.ts) seeds the demo data into a fresh PostgreSQL database, adds orders with',
    '`addOrders` (whose ledger writes every wallet transaction), starts the Platform API and the built portal, and times',
    'sequential requests after a warm-up (time to the last byte): the transaction lists at the first, middle and last',
    'page, filtered lists, the balance lists and one wallet, as admin (the whole Delivery app) and as staff.bkk',
    '(Bangkok). The "Portal" rows are the pages a browser waits for. Client, portal, API and database share the machine.',
    `Target: p50 ≤ ${TARGET_MS} ms at the portal for the transaction lists at any page and for the balance pages.`,
    '',
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, load average ${load} at start · ${requests} requests per API call, ${portalRequests} per portal page.`,
    '',
    `${run.transactions.toLocaleString('en')} wallet transactions in all (seeded in ${Math.round(run.seconds)} s).`,
    '',
    '| Call | p50 ms | p99 ms | max ms | non-2xx | target p50 | vs target |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...run.rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.p50)} | ${Math.round(r.p99)} | ${Math.round(r.max)} | ${r.non2xx} | ${r.name.startsWith('Portal') ? TARGET_MS : ''} | ${r.name.startsWith('Portal') ? (r.p50 <= TARGET_MS && r.non2xx === 0 ? 'met' : '**missed**') : ''} |`,
    ),
  ];
  const portal = run.rows.filter((r) => r.name.startsWith('Portal'));
  const missed = portal.filter((r) => r.p50 > TARGET_MS || r.non2xx > 0);
  lines.push(
    '',
    `**${portal.length - missed.length} of ${portal.length} portal pages met the target; missed: ${missed.length ? missed.map((r) => r.name.replace('Portal: ', '')).join('; ') : 'none'}.**`,
    '',
    "How the lists stay fast: each transaction carries its wallet's company, app, owner type and area (copied by the",
    'database, trigger `wallet_tx_place`), so a page is one walk of an index, (app, owner type[, area], time, id) or',
    '(app, owner type, type, amount, id), for a deferred join. The totals, and the day a deep page in time order starts',
    'in, come from `wallet_tx_daily` (counts per owner type, area, Bangkok day, type and status, kept by statement',
    'triggers on every write and confirmation); any other deep page is read from the nearer end.',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const pgBase = postgresBase(values.pg);
  if (!pgBase) throw new Error('No PostgreSQL server: set DATABASE_URL or pass --pg.');
  const load = os.loadavg()[0]!.toFixed(2);
  const startedAt = new Date();
  const result = await withDatabase('postgres', 'bench-wallets', pgBase, async (databaseUrl) => {
    console.log(`seeding the demo data and ${extraOrders.toLocaleString('en')} more food orders…`);
    const seeded = await seed(databaseUrl);
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const api = await startApi(databaseUrl, port);
    const out: Row[] = [];
    const all = new Map<string, Case[]>();
    try {
      for (const [username, password] of USERS) {
        const headers = { authorization: `Bearer ${await apiToken(apiUrl, username, password)}` };
        const cases = await casesOf(apiUrl, headers);
        all.set(username, cases);
        for (const c of cases) {
          process.stdout.write(`  API ${c.path} (${username})…\n`);
          out.push({ name: `API: ${c.name} (${username})`, ...(await timeRequests(`${apiUrl}/api/admin/Delivery/${c.path}`, { headers }, requests, 3)) });
        }
      }
      const portalUrl = `http://127.0.0.1:${await freePort()}`;
      const portal = await startPortal(apiUrl, Number(new URL(portalUrl).port), builtPortal());
      try {
        for (const [username, password] of USERS) {
          const headers = { cookie: await portalSessionCookie(portalUrl, username, password) };
          for (const c of all.get(username) ?? []) {
            const path = portalPath(c);
            if (path.endsWith('/null')) continue;
            process.stdout.write(`  portal ${path} (${username})…\n`);
            out.push({
              name: `Portal: ${c.name} (${username})`,
              ...(await timeRequests(`${portalUrl}${path}`, { headers, redirect: 'manual' }, portalRequests, 3)),
            });
          }
        }
      } finally {
        await stopServer(portal);
      }
    } finally {
      await stopServer(api);
    }
    return { ...seeded, rows: out };
  });
  console.table(result.rows.map((r) => ({ call: r.name, 'p50 ms': Math.round(r.p50), 'p99 ms': Math.round(r.p99), non2xx: r.non2xx })));
  const body = report(result, startedAt, load);
  if (!values['no-write']) {
    writeSection('docs/BENCHMARKS.md', 'Wallets', body);
    console.log('Updated docs/BENCHMARKS.md.');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

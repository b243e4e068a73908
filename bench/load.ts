/**
 * `npm run bench:load`: simulated staff working at once against the built portal and the Platform API on
 * PostgreSQL (a fresh database with the demo data). Each simulated person holds a live monitor stream open and, in
 * a loop with a second of thinking between steps, opens an orders list page, opens an order, and saves a form (its
 * own slide, through the BFF). Prints and records in docs/BENCHMARKS.md ("Load") p50/p95/p99/max per step, every
 * error, and every request slower than 5 s (a stall), with the request id the portal and the API both logged.
 *
 *   npm run bench:load -- [--users 50] [--minutes 10] [--ramp-seconds 5] [--no-write]
 *
 * People arrive one after another over the first `--ramp-seconds` (evenly spaced), as staff do, rather than all at
 * the same millisecond: a start in lockstep measures one thundering herd of 50 identical first requests, not the
 * steady load the percentiles are about. Every request of the ramp still counts in the figures.
 *   npm run bench:load -- --minutes 4 --restart-api-after 120   (the fault run: "Load, the Platform API restarted")
 *   npm run bench:load -- --minutes 4 --pg-outage-after 90 --pg-outage-seconds 10   (the fault run: "Load, PostgreSQL away")
 *   npm run bench:load -- --minutes 3 --pg-restart-after 60   (the fault run: "Load, PostgreSQL restarted")
 *
 * With `--pg-outage-after`, PostgreSQL goes away under load: every connection to the run's database is cut
 * (`pg_terminate_backend`, what a restart does to its clients) and new ones are refused (`ALLOW_CONNECTIONS false`) for
 * `--pg-outage-seconds`, then allowed again. Meanwhile a money actor keeps making orders, paying them through the
 * payment provider's signed callback and cancelling them (a refund): afterwards the ledger and rollup invariants
 * (upstream/src/seed/verify-totals.ts) are checked on the database, so a half-applied money operation would show.
 * With `--pg-restart-after`, the PostgreSQL server itself is restarted instead (`PG_RESTART_COMMAND`, by default the
 * machine's cluster: `pg_ctlcluster --skip-systemctl-redirect {version} main restart`), with the same money actor and
 * the same check afterwards. It restarts a server other programs may be using: run it on a machine of your own.
 *
 * Needs PostgreSQL (DATABASE_URL=postgres://… or the machine's on 127.0.0.1:5432).
 */
import { exec } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { PAYMENT_METHOD_PROVIDER, PAYMENT_SIGNATURE_HEADER, paymentSignature } from '@contract/payments';
import { DEFAULT_CURRENCY_CODE } from '@contract/resources/currency';
import { getSecret } from '../runtime/secrets';
import { openDatabase } from '../upstream/src/db/client';
import { verifyTotals } from '../upstream/src/seed/verify-totals';
import { postgresBase, withDatabase } from './databases';
import { freePort, percentile } from './shops-measure';
import { apiToken, builtPortal, portalSessionCookie, startApi, startPortal, stopServer, writeSection } from './stack';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '50' },
    minutes: { type: 'string', default: '10' },
    'ramp-seconds': { type: 'string', default: '5' },
    'no-write': { type: 'boolean', default: false },
    /** A fault run: the Platform API stopped (SIGTERM) this many seconds in and started again on the same database. */
    'restart-api-after': { type: 'string' },
    /** A fault run: PostgreSQL cut off and refusing connections this many seconds in, for `pg-outage-seconds`. */
    'pg-outage-after': { type: 'string' },
    'pg-outage-seconds': { type: 'string', default: '10' },
    /** A fault run: the PostgreSQL server restarted this many seconds in (PG_RESTART_COMMAND). */
    'pg-restart-after': { type: 'string' },
  },
});
const USERS = Number(values.users);
const MINUTES = Number(values.minutes);
const RAMP_SECONDS = Math.max(0, Number(values['ramp-seconds']));
const STALL_MS = 5000;
const RESTART_AFTER = values['restart-api-after'] ? Number(values['restart-api-after']) : null;
/** Seconds into the run (the samples' clock) when the API was stopped and when it answered again. */
const restart: { stopped?: number; started?: number } = {};
const PG_OUTAGE_AFTER = values['pg-outage-after'] ? Number(values['pg-outage-after']) : null;
const PG_OUTAGE_SECONDS = Number(values['pg-outage-seconds']);
const PG_RESTART_AFTER = values['pg-restart-after'] ? Number(values['pg-restart-after']) : null;
/** A PostgreSQL fault with a money actor running: cut off for a while, or the server restarted. */
const PG_FAULT_AFTER = PG_OUTAGE_AFTER ?? PG_RESTART_AFTER;
/**
 * Seconds into the run when PostgreSQL was cut off (or its restart began) and when it took connections again (or the
 * restart command returned); the money actor's tally.
 */
const outage: { cut?: number; back?: number; terminated?: number; restarted?: boolean } = {};
const money = { orders: 0, paid: 0, refunded: 0, failed: 0 };
const TARGET_P99_MS = 1000;

/** Who the simulated staff sign in as (the portal allows 20 sign-ins of one account per 15 minutes). */
const ACCOUNTS = [
  { username: 'staff.bkk', password: 'Staff#2026', service: 'Delivery' },
  { username: 'admin', password: 'Admin#2026', service: 'Delivery' },
  { username: 'staff.market', password: 'Staff#2026', service: 'Marketplace' },
] as const;

type Step = 'sign-in' | 'list' | 'order' | 'save' | 'stream' | 'money';
interface Sample {
  step: Step;
  ms: number;
  status: number;
  reqId: string | null;
  error?: string;
  /** The path asked for and when it was asked (seconds into the run). */
  path?: string;
  at?: number;
}
const RUN_STARTED = performance.now();
const samples: Sample[] = [];
const errors: Sample[] = [];

async function timed(step: Step, url: string, init: RequestInit): Promise<Response | null> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    const body = await res.text();
    const sample: Sample = {
      step,
      ms: performance.now() - started,
      status: res.status,
      reqId: res.headers.get('x-request-id'),
      path: new URL(url).pathname + new URL(url).search,
      at: (started - RUN_STARTED) / 1000,
    };
    samples.push(sample);
    if (res.status >= 300) errors.push({ ...sample, error: body.slice(0, 120) });
    return new Response(body, { status: res.status, headers: res.headers });
  } catch (error) {
    const sample: Sample = { step, ms: performance.now() - started, status: 0, reqId: null, error: (error as Error).message };
    samples.push(sample);
    errors.push(sample);
    return null;
  }
}

/** The slide each person saves again and again (its own, so saves do not collide). */
const SLIDE = { imageUrl: 'https://example.com/slide.png', linkUrl: '', sortOrder: 1, active: true, startsOn: '', endsOn: '' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(500 + Math.random() * 1000);

/** One person: a live stream held open, then list → order → save until the end. */
async function person(portal: string, cookie: string, service: string, areaId: string | null, orderIds: string[], until: number): Promise<void> {
  const headers = { cookie, 'sec-fetch-site': 'same-origin', origin: portal };
  const stream = new AbortController();
  const live = (async () => {
    while (Date.now() < until && !stream.signal.aborted) {
      const started = performance.now();
      try {
        const res = await fetch(`${portal}/api/live/${service}`, { headers, signal: stream.signal });
        samples.push({ step: 'stream', ms: performance.now() - started, status: res.status, reqId: res.headers.get('x-request-id') });
        if (res.status !== 200) errors.push({ step: 'stream', ms: 0, status: res.status, reqId: null, error: 'stream refused' });
        const reader = res.body!.getReader();
        while (!(await reader.read()).done);
      } catch (error) {
        if (!stream.signal.aborted) errors.push({ step: 'stream', ms: 0, status: 0, reqId: null, error: (error as Error).message });
      }
      await sleep(1000);
    }
  })();

  const created = await timed('save', `${portal}/api/admin/${service}/Slide`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...SLIDE, title: `Load ${Math.random().toString(36).slice(2, 8)}`, ...(areaId ? { areaId } : {}) }),
  });
  let slide = created?.ok ? ((await created.json()) as { data: { id: string; version: number; title: string } }).data : null;
  const list = 'Orders';
  let page = 1;
  while (Date.now() < until) {
    await timed('list', `${portal}/Service/${service}/${list}?page=${page}`, { headers });
    page = (page % 20) + 1;
    await think();
    const id = orderIds[Math.floor(Math.random() * orderIds.length)];
    if (id) await timed('order', `${portal}/Service/${service}/${list}/View/${id}`, { headers });
    await think();
    if (slide) {
      const saved = await timed('save', `${portal}/api/admin/${service}/Slide/${slide.id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...SLIDE, title: `${slide.title.slice(0, 20)} ${page}`, version: slide.version }),
      });
      if (saved?.ok) slide = ((await saved.json()) as { data: typeof slide }).data;
    }
    await think();
  }
  stream.abort();
  await live;
}

async function firstAreaOf(api: string, token: string, service: string): Promise<string | null> {
  const res = await fetch(`${api}/api/admin/${service}/Setting/ServiceArea?page=1&pageSize=10`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data?: { id: string }[] };
  return body.data?.[0]?.id ?? null;
}

async function orderIdsOf(api: string, token: string, service: string): Promise<string[]> {
  const res = await fetch(`${api}/api/admin/${service}/Orders?page=1&pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data?: { id: string }[] };
  return (body.data ?? []).map((o) => o.id);
}

function table(): string[] {
  const steps: Step[] = ['sign-in', 'list', 'order', 'save', 'stream', 'money'];
  const out = ['| Step | requests | p50 ms | p95 ms | p99 ms | max ms | errors | slower than 5 s |', '|---|---:|---:|---:|---:|---:|---:|---:|'];
  for (const step of steps) {
    const times = samples
      .filter((s) => s.step === step)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    if (!times.length) continue;
    const errs = errors.filter((e) => e.step === step).length;
    const stalls = times.filter((t) => t > STALL_MS).length;
    out.push(
      `| ${step === 'stream' ? 'stream (time to first byte)' : step} | ${times.length} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 95).toFixed(0)} | ${percentile(times, 99).toFixed(0)} | ${times.at(-1)!.toFixed(0)} | ${errs} | ${stalls} |`,
    );
  }
  return out;
}

/**
 * The money actor: a Bangkok member's PromptPay food order at a Bangkok shop made on the app channel, paid through
 * the provider's signed callback, then cancelled by the admin (a refund); each step one transaction in the API.
 */
async function moneyActor(api: string, token: string, until: number): Promise<void> {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${api}/api/admin/Delivery/Orders?page=1&pageSize=50`, { headers: auth })).json()) as {
    data: { memberId: string; shopId: string | null; areaName: string }[];
  };
  const row = list.data.find((r) => r.shopId && r.areaName === 'Bangkok');
  if (!row) throw new Error('no Bangkok food order to take a member from');
  // The demo shop the seed keeps open around the clock, so the orders are taken at any hour.
  const shops = (await (await fetch(`${api}/api/admin/Delivery/Shop?q=${encodeURIComponent('Siam Noodle House')}`, { headers: auth })).json()) as {
    data: { id: string }[];
  };
  const shopId = shops.data[0]?.id;
  if (!shopId) throw new Error('no always-open Bangkok shop (Siam Noodle House)');
  const secret = getSecret('PAYMENT_WEBHOOK_SECRET');
  const call = async (url: string, init: RequestInit): Promise<Response | null> => {
    const res = await timed('money', url, init);
    if (!res?.ok) money.failed += 1;
    return res?.ok ? res : null;
  };
  while (Date.now() < until) {
    const created = await call(`${api}/api/app/Delivery/Orders`, {
      method: 'POST',
      headers: { ...auth, [APP_KEY_HEADER]: getSecret('APP_API_KEY') },
      body: JSON.stringify({
        memberId: row.memberId,
        shopId,
        items: [{ name: 'Load Pad Thai', qty: 1, price: 6_000 }],
        paymentMethod: 'promptpay',
        dropoff: { address: 'Load drop-off, Silom', lat: 13.7251, lng: 100.5296 },
      }),
    });
    if (created) {
      money.orders += 1;
      const order = ((await created.json()) as { data: { id: string; total: number } }).data;
      // The QR-code provider (PromptPay) pays the order's total in the demo app's currency.
      const raw = JSON.stringify({
        orderId: order.id,
        kind: 'food',
        provider: PAYMENT_METHOD_PROVIDER.promptpay,
        reference: `LOAD-${order.id}`,
        amount: order.total,
        currency: DEFAULT_CURRENCY_CODE,
        status: 'success',
      });
      const paid = await call(`${api}/api/payments/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: await paymentSignature(secret, raw) },
        body: raw,
      });
      if (paid) {
        money.paid += 1;
        const cancelled = await call(`${api}/api/admin/Delivery/Orders/${order.id}/cancel`, {
          method: 'PATCH',
          headers: auth,
          body: JSON.stringify({ reason: 'Load test' }),
        });
        if (cancelled) money.refunded += 1;
      }
    }
    await sleep(200);
  }
}

/** PostgreSQL away: the run's database refuses new connections and every open one is cut, then it takes them again. */
async function pgOutage(databaseUrl: string, seconds: number): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const base = new URL(databaseUrl);
  base.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    outage.cut = (performance.now() - RUN_STARTED) / 1000;
    await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
    const cut = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    outage.terminated = cut.rowCount ?? 0;
    await sleep(seconds * 1000);
    await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
    outage.back = (performance.now() - RUN_STARTED) / 1000;
  } finally {
    await admin.end();
  }
}

/** The PostgreSQL server restarted, as its operator would: every client's connections end, the server comes back. */
async function pgRestart(): Promise<void> {
  const command = process.env.PG_RESTART_COMMAND ?? `pg_ctlcluster --skip-systemctl-redirect ${readdirSync('/etc/postgresql')[0]} main restart`;
  console.log(`  restarting PostgreSQL: ${command}`);
  outage.restarted = true;
  outage.cut = (performance.now() - RUN_STARTED) / 1000;
  await promisify(exec)(command);
  outage.back = (performance.now() - RUN_STARTED) / 1000;
}

async function main(): Promise<void> {
  const pgBase = postgresBase(true);
  let ledgerProblems = null as string[] | null;
  const startedAt = new Date();
  const load = os.loadavg()[0]!.toFixed(2);
  await withDatabase('postgres', 'bench-load', pgBase, async (databaseUrl) => {
    const apiPort = await freePort();
    const api = `http://127.0.0.1:${apiPort}`;
    console.log('Starting the Platform API on PostgreSQL (demo data)…');
    const apiSettings = { extra: { LOG_REQUESTS: '1', LOG_FORMAT: 'json' } };
    let apiChild = await startApi(databaseUrl, apiPort, apiSettings);
    const portalPort = await freePort();
    const portal = `http://127.0.0.1:${portalPort}`;
    const portalChild = await startPortal(api, portalPort, builtPortal(['.next-bench']));
    try {
      // The orders each account may open (staff: their own area).
      const ids = new Map<string, string[]>();
      for (const a of ACCOUNTS) ids.set(a.username, await orderIdsOf(api, await apiToken(api, a.username, a.password), a.service));
      const deliveryArea = await firstAreaOf(api, await apiToken(api, 'admin', 'Admin#2026'), 'Delivery');
      console.log(`Signing in ${USERS} simulated staff through the portal…`);
      const people: { username: string; cookie: string; service: string; areaId: string | null; orders: string[] }[] = [];
      for (let i = 0; i < USERS; i++) {
        const account = ACCOUNTS[i % 5 < 2 ? 0 : i % 5 < 4 ? 1 : 2]!;
        const started = performance.now();
        const cookie = await portalSessionCookie(portal, account.username, account.password);
        samples.push({ step: 'sign-in', ms: performance.now() - started, status: 200, reqId: null });
        people.push({
          username: account.username,
          cookie,
          service: account.service,
          areaId: account.username === 'admin' ? deliveryArea : null,
          orders: ids.get(account.username) ?? [],
        });
      }
      // Warm-up, not recorded: each account opens the list and an order once and reads its slides through the BFF, as
      // the first visitors after a start do (the first render of a route loads its code: about 1.4 s here).
      for (const account of ACCOUNTS) {
        const p = people.find((x) => x.username === account.username);
        if (!p) continue;
        const service = account.service;
        await fetch(`${portal}/Service/${service}/Orders`, { headers: { cookie: p.cookie }, redirect: 'manual' }).then((r) => r.text());
        if (p.orders[0])
          await fetch(`${portal}/Service/${service}/Orders/View/${p.orders[0]}`, { headers: { cookie: p.cookie }, redirect: 'manual' }).then((r) => r.text());
        await fetch(`${portal}/api/admin/${service}/Slide?page=1`, { headers: { cookie: p.cookie, 'sec-fetch-site': 'same-origin', origin: portal } }).then(
          (r) => r.text(),
        );
      }
      const until = Date.now() + MINUTES * 60_000;
      console.log(`Running ${USERS} people for ${MINUTES} minutes…`);
      const progress = setInterval(() => console.log(`  ${samples.length} requests, ${errors.length} errors`), 30_000);
      const adminToken = await apiToken(api, 'admin', 'Admin#2026');
      const moneyRun = PG_FAULT_AFTER === null ? Promise.resolve() : moneyActor(api, adminToken, until);
      const pgFault =
        PG_FAULT_AFTER === null
          ? Promise.resolve()
          : sleep(PG_FAULT_AFTER * 1000).then(() => (PG_OUTAGE_AFTER !== null ? pgOutage(databaseUrl, PG_OUTAGE_SECONDS) : pgRestart()));
      const fault =
        RESTART_AFTER === null
          ? Promise.resolve()
          : sleep(RESTART_AFTER * 1000).then(async () => {
              console.log('  stopping the Platform API (SIGTERM), then starting it again…');
              restart.stopped = (performance.now() - RUN_STARTED) / 1000;
              await stopServer(apiChild);
              apiChild = await startApi(databaseUrl, apiPort, apiSettings);
              restart.started = (performance.now() - RUN_STARTED) / 1000;
            });
      await Promise.all([
        fault,
        pgFault,
        moneyRun,
        ...people.map((p, i) => sleep((i * RAMP_SECONDS * 1000) / people.length).then(() => person(portal, p.cookie, p.service, p.areaId, p.orders, until))),
      ]);
      clearInterval(progress);
      if (PG_FAULT_AFTER !== null) {
        // The ledger after the fault: balances equal their transactions, rollups equal their rows.
        const handle = await openDatabase(databaseUrl, { poolSize: 1 });
        try {
          ledgerProblems = await verifyTotals(handle.db);
        } finally {
          await handle.close();
        }
      }
    } finally {
      await stopServer(portalChild);
      await stopServer(apiChild);
    }
  });

  const pageSteps = samples
    .filter((s) => s.step === 'list' || s.step === 'order')
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const p99 = percentile(pageSteps, 99);
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  let body = [
    '`npm run bench:load` (bench/load.ts): simulated staff against the built portal (`next start`) and the Platform API on',
    'PostgreSQL (a fresh database with the demo data), all on this machine. Each person holds a live monitor stream',
    '(`/api/live/{service}`) open, and in a loop with 0.5–1.5 s of thinking between steps opens an orders list page',
    '(pages 1–20 in turn), opens an order and saves their own slide through the BFF. People sign in as staff.bkk and',
    `admin (Delivery) and staff.market (Marketplace), arriving one after another over the first ${RAMP_SECONDS} s. Before the clock starts, each account opens the list and an order`,
    'once and reads its slides through the BFF (the first render of a route after a start loads its code: about 1.4 s, for everyone waiting on it).',
    '',
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, load average ${load} at start · ${USERS} people for ${MINUTES} minutes, arriving over ${RAMP_SECONDS} s.`,
    '',
    ...table(),
    '',
    `Pages (list and order) p99: ${p99.toFixed(0)} ms against the target of ${TARGET_P99_MS} ms: **${p99 <= TARGET_P99_MS ? 'met' : 'missed'}**. ` +
      `Errors: ${errors.length}${errors.length ? ` (${[...new Set(errors.map((e) => `${e.step} ${e.status}${e.error ? ` ${e.error}` : ''}`))].slice(0, 5).join('; ')})` : ''}. ` +
      `Requests slower than 5 s: ${samples.filter((s) => s.ms > STALL_MS && s.step !== 'stream').length}.`,
  ].join('\n');
  const restartLines: string[] = [];
  if (restart.stopped !== undefined && restart.started !== undefined) {
    const timedErrors = errors.filter((e) => e.at !== undefined);
    const recovered = samples.find((x) => x.at !== undefined && x.at >= restart.started! && x.status > 0 && x.status < 300 && x.step !== 'stream');
    const back = recovered?.at ?? restart.started;
    const during = timedErrors.filter((e) => e.at! >= restart.stopped! - 1 && e.at! <= back + 1).length;
    const after = timedErrors.filter((e) => e.at! > back + 1).length;
    const before = timedErrors.filter((e) => e.at! < restart.stopped! - 1).length;
    restartLines.push(
      '',
      `The Platform API was stopped (SIGTERM, graceful) ${restart.stopped.toFixed(0)} s into the run and answered again ${(restart.started - restart.stopped).toFixed(1)} s later ` +
        `(a new process on the same database; the portal was not restarted). Errors before it: ${before}; while it was away: ${during}; ` +
        `after the first successful request (${(back - restart.stopped).toFixed(1)} s after the stop): ${after}, with the same sessions.`,
    );
  }
  if (outage.cut !== undefined && outage.back !== undefined) {
    const timedErrors = errors.filter((e) => e.at !== undefined);
    const recovered = samples.find((x) => x.at !== undefined && x.at >= outage.back! && x.status > 0 && x.status < 300 && x.step !== 'stream');
    const back = recovered?.at ?? outage.back;
    const before = timedErrors.filter((e) => e.at! < outage.cut! - 1).length;
    const during = timedErrors.filter((e) => e.at! >= outage.cut! - 1 && e.at! <= back + 1).length;
    const after = timedErrors.filter((e) => e.at! > back + 1).length;
    const what = outage.restarted
      ? `The PostgreSQL server was restarted ${outage.cut.toFixed(0)} s into the run; its restart command returned ${(outage.back - outage.cut).toFixed(1)} s later ` +
        `(the API and the portal were not restarted).`
      : `PostgreSQL went away ${outage.cut.toFixed(0)} s into the run: ${outage.terminated ?? 0} connections of the run's database were cut and new ones refused ` +
        `for ${(outage.back - outage.cut).toFixed(1)} s, then allowed again (the API and the portal were not restarted).`;
    restartLines.push(
      '',
      `${what} Errors before it: ${before}; while it was away: ${during}; after the first successful request (${(back - outage.cut).toFixed(1)} s after ` +
        `the ${outage.restarted ? 'restart began' : 'cut'}): ${after}.`,
      '',
      `Money during the run: ${money.orders} orders made, ${money.paid} paid through the provider's callback, ${money.refunded} cancelled with a refund, ` +
        `${money.failed} money calls refused or failed. The ledger and rollups afterwards (upstream/src/seed/verify-totals.ts): ` +
        `${ledgerProblems === null ? 'not checked' : ledgerProblems.length === 0 ? '**consistent**: every wallet balance equals its transactions, every rollup its rows' : `**${ledgerProblems.length} problems**: ${ledgerProblems.slice(0, 3).join('; ')}`}.`,
    );
  }
  // Each fault's lines are paragraphs of their own below the figures.
  if (restartLines.length) body += `\n${restartLines.join('\n')}`;
  console.log(`\n${body}`);
  const slowest = samples
    .filter((x) => x.step !== 'stream' && x.step !== 'sign-in')
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 15);
  console.log('\nSlowest requests:');
  for (const x of slowest) console.log(`  ${x.ms.toFixed(0)} ms at ${x.at?.toFixed(1)} s ${x.step} ${x.path} ${x.reqId ?? ''}`);
  const section =
    PG_OUTAGE_AFTER !== null
      ? 'Load, PostgreSQL away'
      : PG_RESTART_AFTER !== null
        ? 'Load, PostgreSQL restarted'
        : RESTART_AFTER !== null
          ? 'Load, the Platform API restarted'
          : 'Load';
  if (!values['no-write']) writeSection('docs/BENCHMARKS.md', section, body);
}

await main();

/**
 * `npm run bench:bff`: one authenticated call (`GET /api/admin/Permission/getPermission`) three ways, 20 connections:
 * direct to the Platform API with a bearer token, through the portal's BFF with the session cookie, and a bare
 * Next route handler that only answers JSON (the framework's own cost). Prints req/s, p50, p99 and the ratios,
 * and writes the "BFF" section of docs/BENCHMARKS.md.
 *
 *   npm run bench:bff -- [--duration 10] [--rounds 2] [--connections 20] [--portal http://127.0.0.1:3000] [--api http://127.0.0.1:4000]
 *                        [--out docs/BENCHMARKS.md] [--no-write]
 *
 * A portal or API that does not answer is started here (the API on an in-memory database, the portal with
 * `next start`, building it first when no build exists) and stopped afterwards.
 */
import autocannon from 'autocannon';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ensureStack, portalSessionCookie, stopStack, writeSection } from './stack';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
    portal: { type: 'string', default: process.env.PORTAL_URL ?? 'http://127.0.0.1:3000' },
    api: { type: 'string', default: process.env.UPSTREAM_API_URL ?? 'http://127.0.0.1:4000' },
    out: { type: 'string', default: 'docs/BENCHMARKS.md' },
    'no-write': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
/** Targets run interleaved in rounds, so a change in the machine's load hits every target alike. */
const rounds = Math.max(1, Number(values.rounds));
interface LoginAnswer {
  accessToken: string;
  session: string;
  userData: { userRole: string; companies: string; office: string; appid: string };
}

const credentials = { username: 'admin', password: 'Admin#2026' };

async function signIn(): Promise<{ bearer: Record<string, string>; cookie: string }> {
  const direct = await fetch(`${values.api}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const answer = (await direct.json()) as LoginAnswer;
  if (!answer.accessToken) throw new Error('The Platform API refused the demo admin.');
  const bearer = {
    authorization: `Bearer ${answer.accessToken}`,
    session: answer.session,
    office: answer.userData.office,
    companies: answer.userData.companies,
    userrole: answer.userData.userRole,
    appid: answer.userData.appid,
  };
  return { bearer, cookie: await portalSessionCookie(values.portal, credentials.username, credentials.password) };
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function run(name: string, url: string, headers: Record<string, string>, seconds = duration): Promise<Result> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

async function main(): Promise<void> {
  const load = os.loadavg()[0]!;
  await ensureStack(values.api, values.portal);
  const { bearer, cookie } = await signIn();
  const targets: [string, string, Record<string, string>][] = [
    ['Platform API direct', `${values.api}/api/admin/Permission/getPermission`, bearer],
    ['Portal BFF → Platform API', `${values.portal}/api/admin/Permission/getPermission`, { cookie }],
  ];
  // The bare route exists only in a build made with BENCH_ROUTES=1.
  const bareUrl = `${values.portal}/api/bench/bare`;
  if ((await fetch(bareUrl)).ok) targets.push(['Bare Next route handler', bareUrl, {}]);
  else console.log('The bare route handler is left out: build the portal with BENCH_ROUTES=1 to include it.');
  for (const [, url, headers] of targets) await run('warm-up', url, headers, 2);
  const perRound = Math.max(2, Math.round(duration / rounds));
  const samples = new Map<string, Result[]>(targets.map(([name]) => [name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const [name, url, headers] of targets) {
      console.log(`round ${round}/${rounds} · ${name}: ${connections} connections, ${perRound} s…`);
      samples.get(name)!.push(await run(name, url, headers, perRound));
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const results: Result[] = targets.map(([name]) => {
    const runs = samples.get(name)!;
    return {
      name,
      rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
      p50: median(runs.map((r) => r.p50)),
      p99: Math.max(...runs.map((r) => r.p99)),
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    };
  });
  const [direct, bff, bare] = results as [Result, Result, Result | undefined];
  const rows = results.map((r) => `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
  const ratioBare = bare ? bff.rps / bare.rps : null;
  const ratioDirect = bff.rps / direct.rps;
  const cpu = os.cpus();
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average ${load.toFixed(1)} at the start; ` +
      'portal (`next start`), Platform API and autocannon on the same machine.',
    '',
    `Call: \`GET /api/admin/Permission/getPermission\` as the demo admin; autocannon, ${connections} connections; ` +
      `${rounds} interleaved rounds of ${perRound} s per target after a 2 s warm-up (req/s: mean of the rounds; p50: median; p99: worst round).`,
    '',
    '| target | req/s | p50 ms | p99 ms | non-2xx |',
    '|---|---:|---:|---:|---:|',
    ...rows,
    '',
    ratioBare === null
      ? '- BFF → Platform API / bare handler: not measured (the portal was built without BENCH_ROUTES=1)'
      : `- BFF → Platform API / bare handler: **${(ratioBare * 100).toFixed(0)}%** (target ≥ 60%)`,
    `- BFF → Platform API / direct: ${(ratioDirect * 100).toFixed(0)}%`,
    '',
    'The BFF path per request: read the session cookie (unsealed once, then cached), check revocation, resolve the',
    "rule, forward with the session's headers over a keep-alive connection, relay the JSON answer (checked for tokens).",
    'The three processes share the two cores with autocannon, so the ratios follow the load of anything else running;',
    'compare runs made at a similar load average. Reproduce: `npm run bench:bff` (`-- --duration 4` to shorten,',
    '`-- --rounds 5` to interleave more).',
  ];
  console.log(`\n${lines.join('\n')}\n`);
  if (!values['no-write']) writeSection(values.out, 'BFF', lines.join('\n'));
  stopStack();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  stopStack();
  process.exit(1);
});

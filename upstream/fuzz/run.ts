/**
 * A property-based fuzzer of the Platform API, driven by its own OpenAPI document (issue 40): it starts a fresh API
 * (in-memory PGlite, the demo seed), reads `/api/openapi.json`, and sends generated requests to every JSON operation
 * as the administrator and as a staff member, mostly valid by the document with edge values mixed in (days off the
 * calendar, integers past the columns, NUL). It fails on any 5xx and on a change answered 2xx without its audit row,
 * printing the request and a replay command.
 *
 *   npx tsx upstream/fuzz/run.ts --seed 42 --runs 500            # a run; a failure prints its seed and path
 *   npx tsx upstream/fuzz/run.ts --seed 42 --runs 500 --path 17:3 # replay that failure (and its shrinking)
 *   options: --only <regex of "METHOD /path">, --edge <rate 0–1, default 0.1>, --verbose
 *
 * `npm test` runs seed 1 with 4,000 requests (`npm run test:fuzz`); run it longer locally (`--runs 20000`, other seeds)
 * after touching validation or a route.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from '../test/helpers';
import { SchemaArbitraries, type JsonSchema } from './schema-arbitrary';

interface Args {
  seed: number;
  runs: number;
  path?: string;
  only?: RegExp;
  edge: number;
  verbose: boolean;
}

function parseArgs(argv: string[]): Args {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const only = value('only');
  return {
    seed: Number(value('seed') ?? Date.now() % 2_147_483_647),
    runs: Number(value('runs') ?? 300),
    path: value('path'),
    only: only ? new RegExp(only) : undefined,
    edge: Number(value('edge') ?? 0.1),
    verbose: argv.includes('--verbose'),
  };
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** Called with a token (every such change is audited); not the sign-in calls. */
  secured: boolean;
}

/** Calls that would end the fuzzer's own sessions, and those that are not JSON over HTTP. */
const SKIPPED = [/\/auth\/logout/, /\/Profile\/password$/, /\/sessions/i, /\/ws$/, /\/openapi\.json$/];

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }, only?: RegExp): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const label = `${method.toUpperCase()} ${path}`;
      if (SKIPPED.some((re) => re.test(path)) || (only && !only.test(label))) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
      if (content && !content['application/json']) continue; // uploads
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema,
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return ops;
}

interface Call {
  op: number;
  role: 'admin' | 'staff';
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

function callArbitrary(ops: Operation[], gen: SchemaArbitraries): fc.Arbitrary<Call> {
  return fc.integer({ min: 0, max: ops.length - 1 }).chain((op) => {
    const { parameters, body } = ops[op]!;
    const inPath = parameters.filter((p) => p.in === 'path');
    const inQuery = parameters.filter((p) => p.in === 'query');
    // Ids of rows that exist are more interesting than random text: mostly small numbers.
    const pathValue = (p: Parameter) =>
      p.schema?.enum ? gen.of(p.schema) : /id$/i.test(p.name) ? fc.oneof(fc.constantFrom('1', '2', '3', '5', '8'), gen.of(p.schema)) : gen.of(p.schema);
    return fc.record({
      op: fc.constant(op),
      role: fc.constantFrom('admin' as const, 'staff' as const),
      params: fc.record(Object.fromEntries(inPath.map((p) => [p.name, pathValue(p)]))),
      query: fc.record(Object.fromEntries(inQuery.map((p) => [p.name, gen.of(p.schema)])), {
        requiredKeys: inQuery.filter((p) => p.required).map((p) => p.name),
      }),
      body: body ? gen.of(body) : fc.constant(undefined),
    });
  });
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

function urlOf(op: Operation, call: Call): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(call.params[name])) || '_');
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(call.query)) if (v !== undefined) query.set(k, text(v));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

const lastAuditId = async (api: TestServer): Promise<number> => {
  const result = (await api.deps.db.execute(sql`SELECT coalesce(max(id), 0) AS id FROM audit_log`)) as unknown as { rows: { id: number | string }[] };
  return Number(result.rows[0]?.id ?? 0);
};

/** Whether a row for `path` was written after `after` (the trail's rows are inserted in groups a few ms later). */
async function audited(api: TestServer, after: number, path: string): Promise<boolean> {
  for (let i = 0; i < 20; i++) {
    const result = (await api.deps.db.execute(sql`SELECT 1 FROM audit_log WHERE id > ${after} AND path = ${path} LIMIT 1`)) as unknown as { rows: unknown[] };
    if (result.rows.length > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const api: TestServer = await startTestServer();
  let exitCode = 0;
  try {
    const tokens = {
      admin: (await api.login(DEMO.admin)).accessToken as string,
      staff: (await api.login(DEMO.bkk)).accessToken as string,
    };
    const doc = (await api.get('/api/openapi.json')).body;
    const ops = operationsOf(doc, args.only);
    const gen = new SchemaArbitraries(doc.components?.schemas ?? {}, args.edge);
    console.log(`fuzzing ${ops.length} operations, ${args.runs} runs, seed ${args.seed}${args.path ? `, path ${args.path}` : ''}`);
    let sent = 0;
    const statuses = new Map<number, number>();
    const property = fc.asyncProperty(callArbitrary(ops, gen), async (call) => {
      const op = ops[call.op]!;
      const url = urlOf(op, call);
      const headers: Record<string, string> = url.startsWith('/api/app/') ? { [APP_KEY_HEADER]: TEST_APP_API_KEY } : {};
      const change = op.method !== 'GET' && op.secured;
      const before = change ? await lastAuditId(api) : 0;
      let res = await api.request(op.method, url, { token: tokens[call.role], body: call.body, headers });
      if (res.status === 401) {
        // A fuzzed call may have ended a session (a suspended user, a permission change): sign in again once.
        tokens[call.role] = (await api.login(call.role === 'admin' ? DEMO.admin : DEMO.bkk).catch(() => ({ accessToken: tokens[call.role] }))).accessToken;
        res = await api.request(op.method, url, { token: tokens[call.role], body: call.body, headers });
      }
      sent += 1;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (args.verbose) console.log(res.status, op.method, url);
      if (res.status >= 500) {
        const logs = api.logs.filter((l) => l.includes('failed')).slice(-3);
        throw new Error(
          `${res.status} ${op.method} ${url} as ${call.role}\nbody: ${JSON.stringify(call.body)}\nanswer: ${text(res.body).slice(0, 500)}\n${logs.join('\n')}`,
        );
      }
      if (change && res.status >= 200 && res.status < 300 && !(await audited(api, before, url.split('?')[0]!))) {
        throw new Error(`${res.status} ${op.method} ${url} as ${call.role} changed without an audit row\nbody: ${JSON.stringify(call.body)}`);
      }
    });
    const result = await fc.check(property, { seed: args.seed, numRuns: args.runs, path: args.path, endOnFailure: false });
    console.log(`sent ${sent} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    if (result.failed) {
      exitCode = 1;
      console.error(fc.defaultReportMessage(result));
      console.error(String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance));
      console.error(
        `\nreplay: npx tsx upstream/fuzz/run.ts --seed ${result.seed} --runs ${args.runs} --path ${result.counterexamplePath}${args.only ? ` --only '${args.only.source}'` : ''} --edge ${args.edge}`,
      );
    } else {
      console.log('no server error');
    }
  } finally {
    await api.close();
  }
  process.exit(exitCode);
}

void main();

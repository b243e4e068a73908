/**
 * The query plans behind the order benchmark: runs the API's own data-layer calls (the order list, the dashboards)
 * on a database handle that records every statement with its parameters, then asks the database for
 * `EXPLAIN (ANALYZE, BUFFERS)` of each one. PostgreSQL through node-postgres, PGlite in this process.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { isPostgresUrl, type Db } from '../upstream/src/db/client';
import * as schema from '../upstream/src/db/schema';

export interface Statement {
  sql: string;
  params: unknown[];
}
export interface ExplainedCall {
  name: string;
  statements: (Statement & { plan: string; ms: number })[];
}
export interface ExplainCase {
  name: string;
  run: (db: Db) => Promise<unknown>;
}

interface Explainer {
  db: Db;
  explain(statement: Statement): Promise<string[]>;
  close(): Promise<void>;
}

async function open(url: string, log: Statement[]): Promise<Explainer> {
  const logger = { logQuery: (query: string, params: unknown[]) => log.push({ sql: query, params }) };
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    return {
      db: drizzlePg({ client: pool, schema, logger }) as unknown as Db,
      explain: async (s) => (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params)).rows.map((r: Record<string, string>) => Object.values(r)[0]!),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(url);
  return {
    db: drizzlePglite({ client, schema, logger }) as unknown as Db,
    explain: async (s) =>
      (await client.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params as unknown[])).rows.map((r) => Object.values(r)[0]!),
    close: () => client.close(),
  };
}

/** The plan's text and its execution time (ms) from the last line. */
function planOf(lines: string[]): { plan: string; ms: number } {
  const ms = Number(lines.find((l) => l.startsWith('Execution Time'))?.match(/([\d.]+) ms/)?.[1] ?? 0);
  return { plan: lines.join('\n'), ms };
}

export async function explainCalls(url: string, cases: ExplainCase[]): Promise<ExplainedCall[]> {
  const log: Statement[] = [];
  const handle = await open(url, log);
  const out: ExplainedCall[] = [];
  try {
    for (const c of cases) {
      await c.run(handle.db);
      log.splice(0);
      await c.run(handle.db);
      const statements = log.splice(0);
      const explained = [];
      for (const s of statements) explained.push({ ...s, ...planOf(await handle.explain(s)) });
      out.push({ name: c.name, statements: explained });
    }
  } finally {
    await handle.close();
  }
  return out;
}

/** A statement as one line with its parameters written in, for the report. */
export function inlineSql(s: Statement): string {
  return s.sql.replace(/\$(\d+)/g, (_, i: string) => {
    const v = s.params[Number(i) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}

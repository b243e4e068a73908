import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every data-layer function takes first; the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle is usable wherever a `Db` is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /** A safe description of where the data lives (no password). */
  where: string;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgres://${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'postgres';
  }
}

/** What `watchPool` needs of a pool: its events (a client is an event emitter too). */
interface PoolEvents {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'connect', listener: (client: { on(event: 'error', listener: (error: Error) => void): unknown }) => void): unknown;
}

/**
 * Keeps a lost connection from ending the process. The pool listens for the errors of its idle connections only; a
 * connection in use (a transaction between two statements, say) that the server ends (a restart, an administrator's
 * `pg_terminate_backend`) would emit an error nobody hears, which ends a Node process. Each connection gets a
 * listener of its own: the error is logged, the call that was using the connection fails with it, and the pool drops
 * the connection when it is released.
 */
export function watchPool(pool: PoolEvents, log: (message: string) => void): void {
  pool.on('error', (error) => log(`[api] idle database connection failed: ${error.message}`));
  pool.on('connect', (client) => {
    client.on('error', (error) => log(`[api] database connection lost: ${error.message}`));
  });
}

/** `memory://` → in-memory PGlite; `postgres://…` → node-postgres pool; anything else → a PGlite data directory. */
export async function openDatabase(url: string, options: { poolSize?: number } = {}): Promise<DbHandle> {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    watchPool(pool, (message) => console.error(message));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', where: describePostgres(url), close: () => pool.end() };
  }
  const memory = url === 'memory://' || url === 'memory';
  const dataDir = memory ? undefined : url.replace(/^file:\/\//, '');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', where: dataDir ?? 'memory', close: () => client.close() };
}

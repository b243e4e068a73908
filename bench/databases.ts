/** The throwaway databases a benchmark runs on: a temporary PGlite folder, or a fresh PostgreSQL database. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type Backend = 'pglite' | 'postgres';

/** The PostgreSQL server to create benchmark databases on: `DATABASE_URL`, or the local one with `--pg`. */
export function postgresBase(pgFlag: boolean | undefined): string | null {
  if (process.env.DATABASE_URL?.startsWith('postgres')) return process.env.DATABASE_URL;
  return pgFlag ? 'postgres://postgres@127.0.0.1:5432/test' : null;
}

/** Runs `run` with the URL of a new, empty database, and removes that database afterwards. */
export async function withDatabase<T>(backend: Backend, prefix: string, pgBase: string | null, run: (url: string) => Promise<T>): Promise<T> {
  if (backend === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    try {
      return await run(path.join(dir, 'pglite'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!pgBase) throw new Error('No PostgreSQL server: set DATABASE_URL or pass --pg.');
  const name = `${prefix.replace(/-/g, '_')}_${randomBytes(4).toString('hex')}`;
  // A connection for each statement, none held during the run: a run may restart the server (bench:load's faults).
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgBase });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

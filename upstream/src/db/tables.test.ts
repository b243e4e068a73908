import { readdirSync, readFileSync } from 'node:fs';
import { getTableName } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { orders, walletTransactions } from './schema';
import { ALL_TABLE_NAMES, ALL_TABLES, tablesOf, truncateAllTables } from './tables';

const here = (path: string) => new URL(path, import.meta.url);
const readJson = <T>(path: string) => JSON.parse(readFileSync(here(path), 'utf8')) as T;

/** The tables of the newest migration snapshot: what the committed migrations create. */
function migratedTables(): string[] {
  const journal = readJson<{ entries: { idx: number }[] }>('./migrations/meta/_journal.json');
  const last = journal.entries.at(-1)!.idx;
  const snapshot = readJson<{ tables: Record<string, { name: string }> }>(`./migrations/meta/${String(last).padStart(4, '0')}_snapshot.json`);
  return Object.values(snapshot.tables).map((table) => table.name);
}

const sorted = (names: readonly string[]) => [...names].sort();

describe('ALL_TABLES', () => {
  it('holds the tables exported from the schema', () => {
    expect(ALL_TABLES).toContain(orders);
    expect(ALL_TABLES).toContain(walletTransactions);
    expect(ALL_TABLE_NAMES).toContain('orders');
  });

  it('names each table once', () => {
    expect(new Set(ALL_TABLE_NAMES).size).toBe(ALL_TABLE_NAMES.length);
  });

  it('equals the tables the committed migrations create', () => {
    expect(sorted(ALL_TABLE_NAMES)).toEqual(sorted(migratedTables()));
  });

  it('holds every table of every file of the schema folder (each is re-exported from its index)', async () => {
    const folder = here('./schema/');
    const files = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(files).toContain('orders.ts');
    const found: string[] = [];
    for (const name of files) {
      const exported = (await import(new URL(name, folder).href)) as Record<string, unknown>;
      found.push(...tablesOf(exported).map((table) => getTableName(table)));
    }
    expect(sorted(ALL_TABLE_NAMES)).toEqual(sorted([...new Set(found)]));
  });
});

describe('truncateAllTables', () => {
  it('empties every table in one statement', () => {
    const { sql } = new PgDialect().sqlToQuery(truncateAllTables());
    expect(sql).toMatch(/^TRUNCATE .* RESTART IDENTITY CASCADE$/);
    for (const name of ALL_TABLE_NAMES) expect(sql).toContain(`"${name}"`);
  });
});

import { getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** The Drizzle tables among a module's exports. */
export function tablesOf(module: Record<string, unknown>): PgTable[] {
  return Object.values(module).filter((value): value is PgTable => is(value, PgTable));
}

/** Every table of the schema, read from its exports (so a new table is in it once it is exported from ./schema). */
export const ALL_TABLES: readonly PgTable[] = tablesOf(schema);

export const ALL_TABLE_NAMES: readonly string[] = ALL_TABLES.map((table) => getTableName(table));

/** Empties every table and restarts its identity; CASCADE covers the references between them, so order does not matter. */
export function truncateAllTables(): SQL {
  return sql`TRUNCATE ${sql.join(
    ALL_TABLES.map((table) => sql`${table}`),
    sql`, `,
  )} RESTART IDENTITY CASCADE`;
}

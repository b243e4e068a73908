import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

/**
 * Set-based SQL for the seed. The statements are built from the seed's own constants and numbers only (never from
 * input), so they are written as text; every helper here checks what it embeds.
 */
export type Conn = Db | Tx;

/** A text literal. */
export const lit = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** A finite number (integer or not) as a literal. */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return String(value);
}

export const ts = (at: Date): string => `${lit(at.toISOString())}::timestamptz`;

export const textArray = (values: readonly string[]): string => `ARRAY[${values.map(lit).join(',')}]::text[]`;

/**
 * A deterministic uniform number in [0, 1) for an integer expression and a salt: the same on PGlite and PostgreSQL
 * (`hashint8extended`), so a seed is repeatable.
 */
export const rnd = (expr: string, salt: number): string => `((hashint8extended((${expr})::int8, ${num(salt)}::int8) & 2147483647)::float8 / 2147483648.0)`;

/** `CASE` choosing a label by cumulative shares of a uniform number. */
export function pick(r: string, shares: Record<string, number>): string {
  const entries = Object.entries(shares);
  const sum = entries.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  const arms = entries.slice(0, -1).map(([label, w]) => {
    acc += w / sum;
    return `WHEN ${r} < ${num(acc)} THEN ${lit(label)}`;
  });
  return `(CASE ${arms.join(' ')} ELSE ${lit(entries.at(-1)![0])} END)`;
}

export async function run(db: Conn, text: string): Promise<void> {
  await db.execute(sql.raw(text));
}

export async function rows<T>(db: Conn, text: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * For a superuser, skips the foreign-key triggers for the rest of the caller's transaction while the seed writes
 * rows it made consistent itself (what `pg_restore --disable-triggers` does); `verifyTotals` checks the references.
 * Other roles keep the checks (slower). Answers whether they are skipped.
 */
export async function skipReferenceChecks(tx: Conn): Promise<boolean> {
  const [row] = await rows<{ su: string }>(tx, `SELECT current_setting('is_superuser') AS su`);
  if (row?.su !== 'on') return false;
  await run(tx, `SET LOCAL session_replication_role = replica`);
  return true;
}

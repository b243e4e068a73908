import type { Context } from 'hono';
import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListQuery } from './list';

/**
 * One CSV field: quoted when it holds a comma, semicolon (the separator of some locales' spreadsheets), quote, tab or
 * line break. Text whose first character, after any leading separators and white space (`;=1+1`, ` =1+1`), is
 * = + - @, or that starts with a tab or a carriage return, is defused for spreadsheets (a leading `'`), whatever follows
 * (`-1+1` is a formula too); numbers the exporter writes as numbers stay plain.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  // A structured value (a fee table's bands) is written as its JSON.
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[\t\r]|^[\s,;]*[=+\-@]/.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: unknown[]): string => `${fields.map(csvField).join(',')}\r\n`;

/**
 * A `text/csv` answer streamed from batches: the header first, then each batch as it is read, so memory stays flat
 * however many rows match. The first batch is read before anything is sent, so a query that fails (a bad filter, a
 * value the database refuses) is an ordinary JSON error, never a 200. A batch that fails after that ends the answer as
 * an error (the connection is reset: the client sees an aborted transfer, not a short file), logged with the request
 * id. The client's disconnect stops the reading.
 */
export async function csvResponse(c: Context, filename: string, header: string[], batches: AsyncIterable<unknown[][]>): Promise<Response> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const vars = c.var as { reqId?: string; log?: (message: string) => void };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(first.value.map(csvLine).join('')));
    },
    async pull(controller) {
      let next: IteratorResult<unknown[][]>;
      try {
        next = await iterator.next();
      } catch (error) {
        (vars.log ?? console.error)(
          `[api] ${c.req.method} ${c.req.path} failed after its answer began ${vars.reqId ?? ''}: ${(error as Error).stack ?? error}`,
        );
        controller.error(error);
        return;
      }
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map(csvLine).join('')));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return c.body(stream, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  });
}

/** The sort column of the query as text (the keyset key); empty when sorting by id only. */
export function sortKeyOf(sortable: Record<string, AnyColumn>, query: ListQuery): SQL<string> {
  const column = query.sort ? sortable[query.sort] : undefined;
  return column ? sql<string>`${column}::text` : sql<string>`''`;
}

export interface KeysetSpec<Row> {
  /** Sortable columns by query name; the id column is the tie-breaker and the default. */
  sortable: Record<string, AnyColumn>;
  id: AnyColumn;
  /** Reads one batch: the rows matching `where` in `orderBy`, at most `limit`. */
  read: (where: SQL | undefined, orderBy: SQL[], limit: number) => Promise<Row[]>;
  /** The row's sort value as text (the key of the next batch) and its id. */
  keyOf: (row: Row, sortName: string | null) => { value: string | null; id: number };
  /**
   * The id tie-breaker's direction: `asc` (the default, as `orderFor`) or `same` as the sort, which lets a
   * (sort, id) index serve every batch as one range (`(sort, id) < (last sort, last id)`).
   */
  tie?: 'asc' | 'same';
}

/**
 * Every row matching `where`, in the list's order, read in batches by keyset (after the last sort value and id),
 * never by OFFSET: each batch is an index range scan, and only one batch is held at a time.
 */
export async function* keysetBatches<Row>(spec: KeysetSpec<Row>, query: ListQuery, where: SQL | undefined, batchSize = 1000): AsyncGenerator<Row[]> {
  const sortName = query.sort && spec.sortable[query.sort] ? query.sort : null;
  const column = sortName ? spec.sortable[sortName]! : null;
  const dir = query.order === 'desc' ? desc : asc;
  const desc0 = query.order === 'desc';
  // The list's order: the sort column in the asked direction, then id ascending (`orderFor`); by id alone, id in the asked direction.
  const same = spec.tie === 'same';
  const orderBy = column ? [dir(column), same ? dir(spec.id) : asc(spec.id)] : [dir(spec.id)];
  let after: { value: string | null; id: number } | null = null;
  for (;;) {
    const from: SQL | undefined =
      after === null
        ? undefined
        : column && same
          ? sql`(${column}, ${spec.id}) ${sql.raw(desc0 ? '<' : '>')} (${after.value}, ${after.id})`
          : column
            ? sql`(${column} ${sql.raw(desc0 ? '<' : '>')} ${after.value} OR (${column} = ${after.value} AND ${spec.id} > ${after.id}))`
            : sql`${spec.id} ${sql.raw(desc0 ? '<' : '>')} ${after.id}`;
    const rows = await spec.read(and(where, from), orderBy, batchSize);
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    after = spec.keyOf(rows[rows.length - 1]!, sortName);
  }
}

import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { areas, shopTypes, users, type OpenStatus } from '../db/schema';
import { invalid } from '../kit/errors';
import { keysetBatches, sortKeyOf } from '../kit/export';
import { CODES } from '../kit/fields';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { settleVersionedWith } from '../kit/versioned';
import { areaFilter, areaFor, inAreaScope, joinAreaOn, joinUpdaterOn, listScope, metaColumns, stamp, toMeta, type RowMeta } from './shop-common';
import type { ServiceScope } from './scope';

export interface TypeFields {
  name: string;
  description: string;
  status: OpenStatus;
  sortOrder: number;
}
export type TypeItem = RowMeta & TypeFields;
export type TypeInput = Omit<TypeFields, 'description' | 'sortOrder'> & { description?: string; sortOrder?: number; areaId?: string };
export interface TypeQuery extends ListQuery {
  status?: OpenStatus;
  areaId?: string;
}

const t = shopTypes;
const columns = { ...metaColumns(t), name: t.name, description: t.description, status: t.status, sortOrder: t.sortOrder };
const select = (db: Db, sortKey: SQL<string> = sql<string>`''`) =>
  db
    .select({ ...columns, sortKey })
    .from(t)
    .leftJoin(areas, joinAreaOn(t))
    .leftJoin(users, joinUpdaterOn(t));
type Row = Awaited<ReturnType<typeof select>>[number];

const toItem = (r: Row): TypeItem => ({ ...toMeta(r), name: r.name, description: r.description, status: r.status, sortOrder: r.sortOrder });

export const TYPE_SORT = { sortOrder: t.sortOrder, name: t.name, createdAt: t.createdAt };

function whereOf(scope: ServiceScope, query: TypeQuery): SQL {
  return and(
    listScope(t, scope, query.deleted),
    searchWhere([t.name, t.description], query.q),
    query.status ? eq(t.status, query.status) : undefined,
    areaFilter(t, query.areaId),
  )!;
}

export async function listTypes(db: Db, scope: ServiceScope, query: TypeQuery): Promise<ListResult<TypeItem>> {
  const where = whereOf(scope, query);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...orderFor(TYPE_SORT, query, t.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

export async function getType(db: Db, scope: ServiceScope, id: number, deleted = false): Promise<TypeItem | null> {
  const [row] = await select(db)
    .where(and(inAreaScope(t, scope, deleted), eq(t.id, id)))
    .limit(1);
  return row ? toItem(row) : null;
}

export async function createType(db: Db, scope: ServiceScope, input: TypeInput, now: Date): Promise<TypeItem> {
  const areaId = await areaFor(db, scope, input.areaId);
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${t.sortOrder}), 0)::int` })
    .from(t)
    .where(and(eq(t.appId, scope.appId), eq(t.areaId, areaId)));
  const [row] = await db
    .insert(t)
    .values({
      companyId: scope.companyId,
      appId: scope.appId,
      areaId,
      name: input.name,
      description: input.description ?? '',
      status: input.status,
      sortOrder: input.sortOrder ?? (last?.n ?? 0) + 1,
      createdAt: now,
      ...stamp(scope, now),
    })
    .returning({ id: t.id });
  return (await getType(db, scope, row!.id))!;
}

export async function updateType(db: Db, scope: ServiceScope, id: number, version: number, input: TypeInput, now: Date): Promise<TypeItem> {
  const [row] = await db
    .update(t)
    .set({
      name: input.name,
      description: input.description ?? '',
      status: input.status,
      ...(input.sortOrder === undefined ? {} : { sortOrder: input.sortOrder }),
      version: sql`${t.version} + 1`,
      ...stamp(scope, now),
    })
    .where(and(inAreaScope(t, scope), eq(t.id, id), eq(t.version, version)))
    .returning({ id: t.id });
  await settleVersionedWith(row, () => getType(db, scope, id));
  return (await getType(db, scope, id))!;
}

export async function setTypeDeleted(db: Db, scope: ServiceScope, id: number, deleted: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ deletedAt: deleted ? now : null, version: sql`${t.version} + 1`, ...stamp(scope, now) })
    .where(and(inAreaScope(t, scope, !deleted), eq(t.id, id)))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** `ShopType/Sort`: sortOrder 1…n in the order given; every id must be a live type in scope. */
export async function sortTypes(db: Db, scope: ServiceScope, ids: number[], now: Date): Promise<TypeItem[]> {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: t.id })
    .from(t)
    .where(and(inAreaScope(t, scope), inArray(t.id, unique)));
  if (found.length !== unique.length || unique.length !== ids.length) throw invalid({ ids: [CODES.unknownReference] });
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      await tx
        .update(t)
        .set({ sortOrder: i + 1, version: sql`${t.version} + 1`, ...stamp(scope, now) })
        .where(eq(t.id, id));
    }
  });
  const rows = await select(db)
    .where(and(inAreaScope(t, scope), inArray(t.id, unique)))
    .orderBy(t.sortOrder, t.id);
  return rows.map(toItem);
}

export const TYPE_CSV_HEADER = ['id', 'name', 'description', 'status', 'sortOrder', 'area', 'createdAt'];

export async function* exportTypes(db: Db, scope: ServiceScope, query: TypeQuery): AsyncGenerator<unknown[][]> {
  const batches = keysetBatches<Row>(
    {
      sortable: TYPE_SORT,
      id: t.id,
      read: (where, orderBy, limit) =>
        select(db, sortKeyOf(TYPE_SORT, query))
          .where(where)
          .orderBy(...orderBy)
          .limit(limit),
      keyOf: (row) => ({ value: row.sortKey, id: row.id }),
    },
    query,
    whereOf(scope, query),
  );
  for await (const rows of batches) {
    yield rows.map((r) => [r.id, r.name, r.description, r.status, r.sortOrder, r.areaName, toMeta(r).createdAt]);
  }
}

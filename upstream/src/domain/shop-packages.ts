import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { areas, shopPackages, users, type OpenStatus } from '../db/schema';
import { keysetBatches, sortKeyOf } from '../kit/export';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { settleVersionedWith } from '../kit/versioned';
import { areaFilter, areaFor, inAreaScope, joinAreaOn, joinUpdaterOn, listScope, metaColumns, stamp, toMeta, type RowMeta } from './shop-common';
import type { ServiceScope } from './scope';

export interface PackageFields {
  name: string;
  /** Satang. */
  price: number;
  duration: number;
  Limit_post: number;
  Limit_product: number;
  status: OpenStatus;
}
export type PackageItem = RowMeta & PackageFields;
export type PackageInput = PackageFields & { areaId?: string };
export interface PackageQuery extends ListQuery {
  status?: OpenStatus;
  areaId?: string;
}

const t = shopPackages;
const columns = {
  ...metaColumns(t), name: t.name, price: t.price, duration: t.duration, limitPost: t.limitPost, limitProduct: t.limitProduct,
  status: t.status,
};
const select = (db: Db, sortKey: SQL<string> = sql<string>`''`) => db.select({ ...columns, sortKey }).from(t).leftJoin(areas, joinAreaOn(t)).leftJoin(users, joinUpdaterOn(t));
type Row = Awaited<ReturnType<typeof select>>[number];

const toItem = (r: Row): PackageItem => ({
  ...toMeta(r), name: r.name, price: r.price, duration: r.duration, Limit_post: r.limitPost, Limit_product: r.limitProduct, status: r.status,
});

export const PACKAGE_SORT = { name: t.name, price: t.price, duration: t.duration, createdAt: t.createdAt };

function whereOf(scope: ServiceScope, query: PackageQuery): SQL {
  return and(listScope(t, scope, query.deleted), searchWhere([t.name], query.q), query.status ? eq(t.status, query.status) : undefined, areaFilter(t, query.areaId))!;
}

export async function listPackages(db: Db, scope: ServiceScope, query: PackageQuery): Promise<ListResult<PackageItem>> {
  const where = whereOf(scope, query);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    select(db).where(where).orderBy(...orderFor(PACKAGE_SORT, query, t.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

export async function getPackage(db: Db, scope: ServiceScope, id: number, deleted = false): Promise<PackageItem | null> {
  const [row] = await select(db).where(and(inAreaScope(t, scope, deleted), eq(t.id, id))).limit(1);
  return row ? toItem(row) : null;
}

const values = (input: PackageFields) => ({
  name: input.name, price: input.price, duration: input.duration, limitPost: input.Limit_post, limitProduct: input.Limit_product, status: input.status,
});

export async function createPackage(db: Db, scope: ServiceScope, input: PackageInput, now: Date): Promise<PackageItem> {
  const areaId = await areaFor(db, scope, input.areaId);
  const [row] = await db.insert(t).values({
    companyId: scope.companyId, appId: scope.appId, areaId, ...values(input), createdAt: now, ...stamp(scope, now),
  }).returning({ id: t.id });
  return (await getPackage(db, scope, row!.id))!;
}

export async function updatePackage(db: Db, scope: ServiceScope, id: number, version: number, input: PackageFields, now: Date): Promise<PackageItem> {
  const [row] = await db.update(t).set({ ...values(input), version: sql`${t.version} + 1`, ...stamp(scope, now) })
    .where(and(inAreaScope(t, scope), eq(t.id, id), eq(t.version, version))).returning({ id: t.id });
  await settleVersionedWith(row, () => getPackage(db, scope, id));
  return (await getPackage(db, scope, id))!;
}

export async function setPackageDeleted(db: Db, scope: ServiceScope, id: number, deleted: boolean, now: Date): Promise<boolean> {
  const rows = await db.update(t).set({ deletedAt: deleted ? now : null, version: sql`${t.version} + 1`, ...stamp(scope, now) })
    .where(and(inAreaScope(t, scope, !deleted), eq(t.id, id))).returning({ id: t.id });
  return rows.length > 0;
}

export const PACKAGE_CSV_HEADER = ['id', 'name', 'price', 'duration', 'Limit_post', 'Limit_product', 'status', 'area', 'createdAt'];

/** Every matching package as CSV rows, in batches. */
export async function* exportPackages(db: Db, scope: ServiceScope, query: PackageQuery): AsyncGenerator<unknown[][]> {
  const batches = keysetBatches<Row>({
    sortable: PACKAGE_SORT, id: t.id,
    read: (where, orderBy, limit) => select(db, sortKeyOf(PACKAGE_SORT, query)).where(where).orderBy(...orderBy).limit(limit),
    keyOf: (row) => ({ value: row.sortKey, id: row.id }),
  }, query, whereOf(scope, query));
  for await (const rows of batches) {
    yield rows.map((r) => [r.id, r.name, r.price, r.duration, r.limitPost, r.limitProduct, r.status, r.areaName, toMeta(r).createdAt]);
  }
}

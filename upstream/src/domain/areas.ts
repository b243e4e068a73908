import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { areas, type AreaStatus } from '../db/schema';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import type { ServiceScope } from './scope';

export interface AreaItem {
  id: string;
  appid: string;
  name: string;
  status: AreaStatus;
  province: string;
  amphure: string;
  district: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface AreaQuery extends ListQuery {
  status?: AreaStatus;
}

type AreaRow = typeof areas.$inferSelect;
const toItem = (r: AreaRow): AreaItem => ({
  id: String(r.id),
  appid: String(r.appId),
  name: r.name,
  status: r.status,
  province: r.province,
  amphure: r.amphure,
  district: r.district,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The app's service areas; a staff member only ever sees their own. */
const inScope = (scope: ServiceScope) =>
  and(eq(areas.companyId, scope.companyId), eq(areas.appId, scope.appId), scope.areaId === null ? undefined : eq(areas.id, scope.areaId));

export async function listAreas(db: Db, scope: ServiceScope, query: AreaQuery): Promise<ListResult<AreaItem>> {
  const where = and(
    inScope(scope),
    query.deleted === '1' ? isNotNull(areas.deletedAt) : isNull(areas.deletedAt),
    searchWhere([areas.name, areas.province], query.q),
    query.status ? eq(areas.status, query.status) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(areas)
      .where(where)
      .orderBy(...orderFor({ id: areas.id, name: areas.name, status: areas.status }, query, areas.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(areas).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

export async function getArea(db: Db, scope: ServiceScope, id: number): Promise<AreaItem | null> {
  const [row] = await db
    .select()
    .from(areas)
    .where(and(inScope(scope), eq(areas.id, id), isNull(areas.deletedAt)))
    .limit(1);
  return row ? toItem(row) : null;
}

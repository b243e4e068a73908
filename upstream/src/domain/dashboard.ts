import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apps, areas, bikers, members, shops, users } from '../db/schema';
import type { Scope, ServiceScope } from './scope';

async function countOf(db: Db, table: typeof apps | typeof areas | typeof users | typeof shops | typeof members | typeof bikers, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

export interface CompanyCounts {
  apps: number;
  areas: number;
  staffUsers: number;
}

/** Company dashboard: the whole company for an admin; a staff member sees their own app and area only. */
export async function companyCounts(db: Db, scope: Scope): Promise<CompanyCounts> {
  const staff = scope.role === 'staff';
  const [appCount, areaCount, staffCount] = await Promise.all([
    countOf(db, apps, and(eq(apps.companyId, scope.companyId), staff ? eq(apps.id, scope.appId ?? -1) : undefined)),
    countOf(db, areas, and(eq(areas.companyId, scope.companyId), isNull(areas.deletedAt), staff ? eq(areas.id, scope.areaId ?? -1) : undefined)),
    countOf(db, users, and(
      eq(users.companyId, scope.companyId), eq(users.role, 'staff'), isNull(users.deletedAt),
      staff ? eq(users.areaId, scope.areaId ?? -1) : undefined,
    )),
  ]);
  return { apps: appCount, areas: areaCount, staffUsers: staffCount };
}

export interface ServiceCounts {
  areas: number;
  areasReady: number;
  shops: number;
  members: number;
  bikers: number;
  staffUsers: number;
}

/** Service dashboard: one app; staff only their area. */
export async function serviceCounts(db: Db, scope: ServiceScope): Promise<ServiceCounts> {
  const inArea = <T extends typeof shops | typeof members | typeof bikers>(t: T) =>
    and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId), isNull(t.deletedAt), scope.areaId === null ? undefined : eq(t.areaId, scope.areaId));
  const areaWhere = and(eq(areas.appId, scope.appId), isNull(areas.deletedAt), scope.areaId === null ? undefined : eq(areas.id, scope.areaId));
  const [areaCount, readyCount, shopCount, memberCount, bikerCount, staffCount] = await Promise.all([
    countOf(db, areas, areaWhere),
    countOf(db, areas, and(areaWhere, eq(areas.status, 'AreaReady'))),
    countOf(db, shops, inArea(shops)),
    countOf(db, members, inArea(members)),
    countOf(db, bikers, inArea(bikers)),
    countOf(db, users, and(
      eq(users.companyId, scope.companyId), eq(users.role, 'staff'), eq(users.appId, scope.appId), isNull(users.deletedAt),
      scope.areaId === null ? undefined : eq(users.areaId, scope.areaId),
    )),
  ]);
  return { areas: areaCount, areasReady: readyCount, shops: shopCount, members: memberCount, bikers: bikerCount, staffUsers: staffCount };
}

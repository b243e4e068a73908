import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { areas, users } from '../db/schema';
import { CODES } from '../kit/fields';
import { invalid } from '../kit/errors';
import { idString, parseId } from '../kit/schemas';
import type { ServiceScope } from './scope';

/** The fields every Shop Management row carries. */
export interface RowMeta {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: { uid: string; displayName: string };
  areaId: string;
  areaName: string;
  appId: string;
  deletedAt: string | null;
}

/** The columns of a table placed in an app and an area, with the bookkeeping every resource row has. */
export interface AreaTable {
  id: PgColumn;
  companyId: PgColumn;
  appId: PgColumn;
  areaId: PgColumn;
  version: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  updatedBy: PgColumn;
  deletedAt: PgColumn;
}

/** Select these and join `withMeta` to read a row's meta. */
export const metaColumns = <T extends AreaTable>(t: T) => ({
  id: t.id,
  version: t.version,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  updatedById: t.updatedBy,
  updatedByName: users.displayName,
  areaId: t.areaId,
  areaName: areas.name,
  appId: t.appId,
  deletedAt: t.deletedAt,
});

export interface MetaRow {
  id: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  updatedById: number | null;
  updatedByName: string | null;
  areaId: number;
  areaName: string | null;
  appId: number;
  deletedAt: Date | null;
}

export const joinAreaOn = (t: AreaTable) => eq(areas.id, t.areaId);
export const joinUpdaterOn = (t: AreaTable) => eq(users.id, t.updatedBy);

export const toMeta = (r: MetaRow): RowMeta => ({
  id: String(r.id),
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  updatedBy: { uid: idString(r.updatedById), displayName: r.updatedByName ?? '' },
  areaId: String(r.areaId),
  areaName: r.areaName ?? '',
  appId: String(r.appId),
  deletedAt: r.deletedAt?.toISOString() ?? null,
});

/** The caller's rows: the company and app always, the area for staff; live rows unless `deleted`. */
export function inAreaScope(t: AreaTable, scope: ServiceScope, deleted = false): SQL {
  return and(
    eq(t.companyId, scope.companyId),
    eq(t.appId, scope.appId),
    scope.areaId === null ? undefined : eq(t.areaId, scope.areaId),
    deleted ? isNotNull(t.deletedAt) : isNull(t.deletedAt),
  )!;
}

/** `?deleted=1` lists the soft-deleted rows only. */
export const listScope = (t: AreaTable, scope: ServiceScope, deleted: '0' | '1' | undefined) => inAreaScope(t, scope, deleted === '1');

/** Staff work in their own area; an admin names one of the app's areas (`areaId`). */
export async function areaFor(db: Db, scope: ServiceScope, requested: string | undefined): Promise<number> {
  if (scope.areaId !== null) return scope.areaId;
  if (!requested) throw invalid({ areaId: [CODES.required] });
  const id = parseId(requested);
  const [row] =
    id === null
      ? []
      : await db
          .select({ id: areas.id })
          .from(areas)
          .where(and(eq(areas.id, id), eq(areas.appId, scope.appId), eq(areas.companyId, scope.companyId), isNull(areas.deletedAt)))
          .limit(1);
  if (!row) throw invalid({ areaId: [CODES.unknownReference] });
  return row.id;
}

/** An `areaId` filter: staff may only name their own area (another finds nothing). */
export const areaFilter = (t: AreaTable, value: string | undefined): SQL | undefined => (value === undefined ? undefined : eq(t.areaId, parseId(value) ?? -1));

export const stamp = (scope: ServiceScope, now: Date) => ({ updatedAt: now, updatedBy: scope.userId });

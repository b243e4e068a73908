import { and, count, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apps, areas, users, type AccountStatus, type AppType } from '../db/schema';
import { invalid, notFoundData, type FieldErrors } from '../kit/errors';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { idString, parseId } from '../kit/schemas';
import { settleVersioned } from '../kit/versioned';
import { fillPermissionRows } from './permissions';
import { isUniqueViolation } from '../kit/errors';
import type { Scope } from './scope';
import { revokeUserSessions } from './sessions';

/** A staff member as the Users/Staff screens see one. */
export interface StaffItem {
  id: string;
  username: string;
  displayName: string;
  email: string;
  appid: string;
  AppType: AppType | '';
  area: string;
  areaName: string;
  status: AccountStatus;
  version: number;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export interface StaffQuery extends ListQuery {
  appid?: string;
  area?: string;
  status?: AccountStatus;
}

export interface StaffInput {
  displayName: string;
  email: string;
  appid: string;
  area: string;
  status: AccountStatus;
  passwordHash?: string;
}

const columns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  appId: users.appId,
  appType: apps.appType,
  areaId: users.areaId,
  areaName: areas.name,
  status: users.status,
  version: users.version,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  deletedAt: users.deletedAt,
};

/** Staff of the caller's company; admin only, so the scope is the whole company. */
const inScope = (scope: Scope): SQL => and(eq(users.companyId, scope.companyId), eq(users.role, 'staff'))!;

function select(db: Db) {
  return db.select(columns).from(users).leftJoin(apps, eq(apps.id, users.appId)).leftJoin(areas, eq(areas.id, users.areaId));
}
type Row = Awaited<ReturnType<typeof select>>[number];

const toItem = (r: Row): StaffItem => ({
  id: String(r.id),
  username: r.username,
  displayName: r.displayName,
  email: r.email,
  appid: idString(r.appId),
  AppType: r.appType ?? '',
  area: idString(r.areaId),
  areaName: r.areaName ?? '',
  status: r.status,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  deletedAt: r.deletedAt?.toISOString() ?? null,
});

export async function listStaff(db: Db, scope: Scope, query: StaffQuery): Promise<ListResult<StaffItem>> {
  const where = and(
    inScope(scope),
    query.deleted === '1' ? isNotNull(users.deletedAt) : isNull(users.deletedAt),
    searchWhere([users.username, users.displayName, users.email], query.q),
    query.appid ? eq(users.appId, parseId(query.appid) ?? -1) : undefined,
    query.area ? eq(users.areaId, parseId(query.area) ?? -1) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  );
  const sortable = {
    id: users.id,
    username: users.username,
    displayName: users.displayName,
    email: users.email,
    status: users.status,
    createdAt: users.createdAt,
  };
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...orderFor(sortable, query, users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

export async function getStaff(db: Db, scope: Scope, id: number, deleted = false): Promise<StaffItem | null> {
  const [row] = await select(db)
    .where(and(inScope(scope), eq(users.id, id), deleted ? isNotNull(users.deletedAt) : isNull(users.deletedAt)))
    .limit(1);
  return row ? toItem(row) : null;
}

/** The app and area must be the company's, and the area must belong to the app. */
async function placement(db: Db, scope: Scope, input: { appid: string; area: string }): Promise<{ appId: number; areaId: number }> {
  const appId = parseId(input.appid);
  const areaId = parseId(input.area);
  const [app] =
    appId === null
      ? []
      : await db
          .select({ id: apps.id })
          .from(apps)
          .where(and(eq(apps.id, appId), eq(apps.companyId, scope.companyId)))
          .limit(1);
  if (!app) throw invalid({ appid: ['Unknown application'] });
  const [area] =
    areaId === null
      ? []
      : await db
          .select({ id: areas.id })
          .from(areas)
          .where(and(eq(areas.id, areaId), eq(areas.appId, app.id), isNull(areas.deletedAt)))
          .limit(1);
  if (!area) throw invalid({ area: ['Unknown service area for this application'] });
  return { appId: app.id, areaId: area.id };
}

async function assertUnique(db: Db, fields: { username?: string; email: string }, exceptId?: number): Promise<void> {
  const clash = or(fields.username ? eq(users.username, fields.username) : undefined, eq(users.email, fields.email), eq(users.username, fields.email));
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(exceptId === undefined ? clash : and(clash, ne(users.id, exceptId)));
  const errors: FieldErrors = {};
  if (fields.username && rows.some((r) => r.username === fields.username)) errors.username = ['You can not use this Username'];
  if (rows.some((r) => r.email === fields.email || r.username === fields.email)) errors.email = ['This Email is already in use'];
  if (Object.keys(errors).length) throw invalid(errors);
}

const uniqueClash = (error: unknown): never => {
  if (isUniqueViolation(error)) throw invalid({ username: ['You can not use this Username'], email: ['This Email is already in use'] });
  throw error;
};

export async function createStaff(db: Db, scope: Scope, input: StaffInput & { username: string; passwordHash: string }, now: Date): Promise<StaffItem> {
  const username = input.username.trim().toLowerCase();
  const email = input.email.trim().toLowerCase();
  const where = await placement(db, scope, input);
  await assertUnique(db, { username, email });
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          companyId: scope.companyId,
          officeId: scope.officeId,
          username,
          email,
          displayName: input.displayName,
          passwordHash: input.passwordHash,
          role: 'staff',
          root: false,
          appId: where.appId,
          areaId: where.areaId,
          status: input.status,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      await fillPermissionRows(tx, scope.companyId, row!.id);
      return row!.id;
    })
    .catch(uniqueClash);
  return (await getStaff(db, scope, id))!;
}

/** Changing where someone works, their status or their password ends their sessions (their tokens carry the old scope). */
export async function updateStaff(
  db: Db,
  scope: Scope,
  id: number,
  version: number,
  input: StaffInput,
  now: Date,
): Promise<{ item: StaffItem; signedOut: boolean }> {
  const before = await getStaff(db, scope, id);
  if (!before) throw notFoundData();
  const email = input.email.trim().toLowerCase();
  const where = await placement(db, scope, input);
  await assertUnique(db, { email }, id);
  const [row] = await db
    .update(users)
    .set({
      displayName: input.displayName,
      email,
      appId: where.appId,
      areaId: where.areaId,
      status: input.status,
      ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}),
      version: sql`${users.version} + 1`,
      updatedAt: now,
    })
    .where(and(inScope(scope), eq(users.id, id), eq(users.version, version), isNull(users.deletedAt)))
    .returning({ id: users.id })
    .catch(uniqueClash);
  await settleVersioned(row, async () => (await getStaff(db, scope, id)) !== null);
  const signedOut = !!input.passwordHash || before.appid !== input.appid || before.area !== input.area || before.status !== input.status;
  if (signedOut) await revokeUserSessions(db, id, now);
  return { item: (await getStaff(db, scope, id))!, signedOut };
}

export async function deleteStaff(db: Db, scope: Scope, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: now, updatedAt: now, version: sql`${users.version} + 1` })
    .where(and(inScope(scope), eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (rows.length) await revokeUserSessions(db, id, now);
  return rows.length > 0;
}

export async function restoreStaff(db: Db, scope: Scope, id: number, now: Date): Promise<StaffItem | null> {
  const rows = await db
    .update(users)
    .set({ deletedAt: null, updatedAt: now, version: sql`${users.version} + 1` })
    .where(and(inScope(scope), eq(users.id, id), isNotNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length ? getStaff(db, scope, id) : null;
}

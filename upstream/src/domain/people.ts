import { and, count, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserRow, StaffRow, UserStatus } from '@contract/resources/users';
import type { Db } from '../db/client';
import { apps, areas, sessions, users } from '../db/schema';
import { forbidden, invalid, isUniqueViolation, notFoundData, type FieldErrors } from '../kit/errors';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { idString, parseId } from '../kit/schemas';
import { settleVersioned } from '../kit/versioned';
import { fillPermissionRows } from './permissions';
import type { Scope } from './scope';
import { revokeUserSessions } from './sessions';

/**
 * The company's people as its Users screens see them: administrators and area staff. One set of rules for both:
 * usernames, e-mails and phone numbers are unique across the platform; a change of where someone works, their status or
 * their password ends their sessions. Administrators are changed by a root administrator only, and the company always
 * keeps one active root.
 */
export type PersonRole = 'admin' | 'staff';

export interface PeopleQuery extends ListQuery {
  appid?: string;
  area?: string;
  status?: UserStatus;
  root?: 'true' | 'false';
}

export interface PersonInput {
  displayName: string;
  email: string;
  phone: string;
  status: UserStatus;
  /** Staff: the area they work in (it names the app); an `appid` given beside it must be that app. */
  area?: string;
  appid?: string;
  /** Admins: root or not. */
  root?: boolean;
  passwordHash?: string;
}

/** Who is asking: every change of an administrator needs a root one. */
export interface Actor {
  uid: number;
  root: boolean;
}

const lastSignIn = sql<Date | null>`(SELECT max(${sessions.createdAt}) FROM ${sessions} WHERE ${sessions.userId} = ${users.id})`;

const columns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  phone: users.phone,
  root: users.root,
  appId: users.appId,
  appType: apps.appType,
  areaId: users.areaId,
  areaName: areas.name,
  status: users.status,
  version: users.version,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  deletedAt: users.deletedAt,
  lastSignInAt: lastSignIn,
};

const inScope = (scope: Scope, role: PersonRole): SQL => and(eq(users.companyId, scope.companyId), eq(users.role, role))!;

function select(db: Db) {
  return db.select(columns).from(users).leftJoin(apps, eq(apps.id, users.appId)).leftJoin(areas, eq(areas.id, users.areaId));
}
type Row = Awaited<ReturnType<typeof select>>[number];

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toItem(r: Row): StaffRow & AdminUserRow {
  return {
    id: String(r.id),
    username: r.username,
    displayName: r.displayName,
    email: r.email,
    phone: r.phone,
    root: r.root,
    appid: idString(r.appId),
    AppType: r.appType ?? '',
    area: idString(r.areaId),
    areaName: r.areaName ?? '',
    status: r.status,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    deletedAt: iso(r.deletedAt),
    lastSignInAt: iso(r.lastSignInAt),
  };
}

export async function listPeople(db: Db, scope: Scope, role: PersonRole, query: PeopleQuery): Promise<ListResult<StaffRow & AdminUserRow>> {
  const where = and(
    inScope(scope, role),
    query.deleted === '1' ? isNotNull(users.deletedAt) : isNull(users.deletedAt),
    searchWhere([users.username, users.displayName, users.email, users.phone], query.q),
    query.appid ? eq(users.appId, parseId(query.appid) ?? -1) : undefined,
    query.area ? eq(users.areaId, parseId(query.area) ?? -1) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
    query.root ? eq(users.root, query.root === 'true') : undefined,
  );
  const sortable = {
    username: users.username,
    displayName: users.displayName,
    email: users.email,
    status: users.status,
    createdAt: users.createdAt,
    lastSignInAt: lastSignIn,
  };
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...orderFor(sortable as never, query, users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

export async function getPerson(db: Db, scope: Scope, role: PersonRole, id: number, deleted = false): Promise<(StaffRow & AdminUserRow) | null> {
  const [row] = await select(db)
    .where(and(inScope(scope, role), eq(users.id, id), deleted ? isNotNull(users.deletedAt) : isNull(users.deletedAt)))
    .limit(1);
  return row ? toItem(row) : null;
}

/** 'You can use / can not use this …': nobody else on the platform signs in with the value, or is reached at it. */
export async function isPersonValueAvailable(db: Db, field: 'username' | 'email' | 'phone', raw: string, exceptId?: number): Promise<boolean> {
  const value = field === 'phone' ? raw.replace(/[\s-]/g, '') : raw.trim().toLowerCase();
  if (!value) return false;
  // A username and an e-mail both sign in, so each must be free in both columns.
  const clash = field === 'phone' ? eq(users.phone, value) : or(eq(users.username, value), eq(users.email, value));
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId === undefined ? clash : and(clash, ne(users.id, exceptId)))
    .limit(1);
  return !row;
}

async function assertUnique(db: Db, fields: { username?: string; email: string; phone: string }, exceptId?: number): Promise<void> {
  const errors: FieldErrors = {};
  const checks = [
    ['username', fields.username],
    ['email', fields.email],
    ['phone', fields.phone],
  ] as const;
  for (const [field, value] of checks) {
    if (value && !(await isPersonValueAvailable(db, field, value, exceptId))) errors[field] = ['taken'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

const uniqueClash = (error: unknown): never => {
  if (isUniqueViolation(error)) throw invalid({ username: ['taken'], email: ['taken'] });
  throw error;
};

/** The area must be the company's and open to staff; it names the app, which an `appid` given beside it must match. */
async function placement(db: Db, scope: Scope, input: { area?: string; appid?: string }): Promise<{ appId: number; areaId: number }> {
  const areaId = parseId(input.area ?? '');
  const [area] =
    areaId === null
      ? []
      : await db
          .select({ id: areas.id, appId: areas.appId })
          .from(areas)
          .innerJoin(apps, eq(apps.id, areas.appId))
          .where(and(eq(areas.id, areaId), eq(apps.companyId, scope.companyId), isNull(areas.deletedAt)))
          .limit(1);
  if (!area) throw invalid({ area: ['unknownReference'] });
  if (input.appid !== undefined && parseId(input.appid) !== area.appId) throw invalid({ area: ['unknownReference'] });
  return { appId: area.appId, areaId: area.id };
}

/** Only a root administrator changes administrators. */
function assertMayChange(role: PersonRole, actor: Actor): void {
  if (role === 'admin' && !actor.root) throw forbidden();
}

/** The company keeps at least one active root administrator: the last one is not demoted, suspended or deleted. */
async function assertRootRemains(db: Db, scope: Scope, leaving: number): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.companyId, scope.companyId),
        eq(users.role, 'admin'),
        eq(users.root, true),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        ne(users.id, leaving),
      ),
    );
  if ((row?.n ?? 0) === 0) throw invalid({ root: ['lastRoot'] });
}

export async function createPerson(
  db: Db,
  scope: Scope,
  role: PersonRole,
  actor: Actor,
  input: PersonInput & { username: string; passwordHash: string },
  now: Date,
): Promise<StaffRow & AdminUserRow> {
  assertMayChange(role, actor);
  const username = input.username.trim().toLowerCase();
  const email = input.email.trim().toLowerCase();
  const where = role === 'staff' ? await placement(db, scope, input) : null;
  await assertUnique(db, { username, email, phone: input.phone });
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          companyId: scope.companyId,
          officeId: scope.officeId,
          username,
          email,
          phone: input.phone,
          displayName: input.displayName,
          passwordHash: input.passwordHash,
          role,
          root: role === 'admin' && input.root === true,
          appId: where?.appId ?? null,
          areaId: where?.areaId ?? null,
          status: input.status,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      await fillPermissionRows(tx, scope.companyId, row!.id);
      return row!.id;
    })
    .catch(uniqueClash);
  return (await getPerson(db, scope, role, id))!;
}

/** Changing where someone works, their status, root or password ends their sessions (their tokens carry the old scope). */
export async function updatePerson(
  db: Db,
  scope: Scope,
  role: PersonRole,
  actor: Actor,
  id: number,
  version: number,
  input: PersonInput,
  now: Date,
): Promise<{ item: StaffRow & AdminUserRow; signedOut: boolean }> {
  assertMayChange(role, actor);
  const before = await getPerson(db, scope, role, id);
  if (!before) throw notFoundData();
  const email = input.email.trim().toLowerCase();
  const where = role === 'staff' ? await placement(db, scope, input) : null;
  const root = role === 'admin' ? input.root === true : false;
  if (role === 'admin' && before.root && before.status === 'active' && (!root || input.status !== 'active')) await assertRootRemains(db, scope, id);
  await assertUnique(db, { email, phone: input.phone }, id);
  const [row] = await db
    .update(users)
    .set({
      displayName: input.displayName,
      email,
      phone: input.phone,
      status: input.status,
      root,
      ...(where ? { appId: where.appId, areaId: where.areaId } : {}),
      ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}),
      version: sql`${users.version} + 1`,
      updatedAt: now,
    })
    .where(and(inScope(scope, role), eq(users.id, id), eq(users.version, version), isNull(users.deletedAt)))
    .returning({ id: users.id })
    .catch(uniqueClash);
  await settleVersioned(row, async () => (await getPerson(db, scope, role, id)) !== null);
  const moved = where !== null && (before.appid !== String(where.appId) || before.area !== String(where.areaId));
  const signedOut = !!input.passwordHash || moved || before.status !== input.status || before.root !== root;
  if (signedOut) await revokeUserSessions(db, id, now);
  return { item: (await getPerson(db, scope, role, id))!, signedOut };
}

export async function deletePerson(db: Db, scope: Scope, role: PersonRole, actor: Actor, id: number, now: Date): Promise<boolean> {
  assertMayChange(role, actor);
  const before = await getPerson(db, scope, role, id);
  if (!before) return false;
  if (id === actor.uid) throw forbidden();
  if (role === 'admin' && before.root && before.status === 'active') await assertRootRemains(db, scope, id);
  const rows = await db
    .update(users)
    .set({ deletedAt: now, updatedAt: now, version: sql`${users.version} + 1` })
    .where(and(inScope(scope, role), eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (rows.length) await revokeUserSessions(db, id, now);
  return rows.length > 0;
}

export async function restorePerson(db: Db, scope: Scope, role: PersonRole, actor: Actor, id: number, now: Date): Promise<(StaffRow & AdminUserRow) | null> {
  assertMayChange(role, actor);
  const rows = await db
    .update(users)
    .set({ deletedAt: null, updatedAt: now, version: sql`${users.version} + 1` })
    .where(and(inScope(scope, role), eq(users.id, id), isNotNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length ? getPerson(db, scope, role, id) : null;
}

/** The areas staff can be placed in: every open area of the company's apps, named with its app. */
export async function placementOptions(db: Db, scope: Scope): Promise<{ id: string; name: string; appid: string; AppType: string }[]> {
  const rows = await db
    .select({ id: areas.id, name: areas.name, appId: apps.id, appName: apps.name, appType: apps.appType })
    .from(areas)
    .innerJoin(apps, eq(apps.id, areas.appId))
    .where(and(eq(apps.companyId, scope.companyId), isNull(areas.deletedAt)))
    .orderBy(apps.name, areas.name);
  return rows.map((r) => ({ id: String(r.id), name: `${r.name} · ${r.appName}`, appid: String(r.appId), AppType: r.appType }));
}

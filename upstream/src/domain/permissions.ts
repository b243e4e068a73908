import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { menuEntries, permissionChanges, permissions, users } from '../db/schema';
import { DEFAULT_READABLE, SERVICE_ACTIONS, permissionCatalogue, type PermissionService } from '@contract/access';
import type { PermissionItem, PermissionList } from '@contract/access';
import type { Scope } from './scope';

export const PERMISSION_SERVICES = ['Admin', 'Delivery', 'Marketplace'] as const satisfies readonly PermissionService[];

export interface CatalogueEntry {
  services: string;
  name: string;
}

/** The registry's catalogue, flattened: what every new company starts with. */
export function registryCatalogue(): CatalogueEntry[] {
  return permissionCatalogue().flatMap((c) => c.names.map((name) => ({ services: c.services, name })));
}

/** Rows in catalogue order, grouped per service as `getPermission` answers them. */
export function groupPermissions(rows: ({ services: string } & PermissionItem)[]): PermissionList {
  const groups = new Map<string, PermissionItem[]>();
  for (const row of rows) {
    const list = groups.get(row.services) ?? [];
    list.push({ name: row.name, read: row.read, write: row.write, create: row.create, delete: row.delete });
    groups.set(row.services, list);
  }
  return [...groups].map(([services, data]) => ({ services, data }));
}

/** A permission row's entry and its four flags. */
const FLAG_COLUMNS = {
  services: permissions.services,
  name: permissions.name,
  read: permissions.read,
  write: permissions.write,
  create: permissions.create,
  delete: permissions.delete,
};

const permissionRows = preparedFor((db) =>
  db
    .select(FLAG_COLUMNS)
    .from(permissions)
    .where(eq(permissions.userId, sql.placeholder('userId')))
    .orderBy(asc(permissions.id))
    .prepare('permission_rows'),
);

export async function loadPermissionList(db: Db, userId: number): Promise<PermissionList> {
  return groupPermissions(await permissionRows(db).execute({ userId }));
}

/** Adds catalogue entries a company does not have yet; answers how many were new. */
export async function addCatalogueEntries(db: Db, companyId: number, entries: CatalogueEntry[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500).map((e) => ({ companyId, services: e.services, name: e.name }));
    if (chunk.length === 0) continue;
    const rows = await db.insert(menuEntries).values(chunk).onConflictDoNothing().returning({ id: menuEntries.id });
    added += rows.length;
  }
  return added;
}

/**
 * Gives every user of the company (or one user) a row for every catalogue entry they lack. Defaults: admins every
 * flag; everyone else all four off except the dashboard entries, which are readable. Existing rows are kept.
 */
export async function fillPermissionRows(db: Db, companyId: number, userId?: number): Promise<number> {
  const readable = sql.join(
    DEFAULT_READABLE.map((name) => sql`${name}`),
    sql`, `,
  );
  const onlyUser = userId === undefined ? sql`` : sql` AND u.id = ${userId}`;
  const result = (await db.execute(sql`
    INSERT INTO ${permissions} (user_id, services, name, can_read, can_write, can_create, can_delete)
    SELECT u.id, e.services, e.name,
           (u.role = 'admin' OR e.name IN (${readable})), u.role = 'admin', u.role = 'admin', u.role = 'admin'
      FROM ${users} u CROSS JOIN ${menuEntries} e
     WHERE u.company_id = ${companyId} AND e.company_id = ${companyId}${onlyUser}
    ON CONFLICT (user_id, services, name) DO NOTHING
    RETURNING id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** `setMenu`: store the menu catalogue for the caller's company and add the missing rows for every user. */
export async function applyMenu(db: Db, scope: Scope, menu: PermissionList): Promise<{ entries: number; rows: number }> {
  const entries = menu.flatMap((group) => group.data.map((item) => ({ services: group.services, name: item.name })));
  return db.transaction(async (tx) => {
    const added = await addCatalogueEntries(tx, scope.companyId, entries);
    const rows = await fillPermissionRows(tx, scope.companyId);
    return { entries: added, rows };
  });
}

const FLAGS = ['read', 'write', 'create', 'delete'] as const;

/**
 * Replaces the flags of the given entries for one user (entries not in the list keep theirs), and records each flag
 * that changed with who changed it (`permission_changes`), in the same transaction. Answers how many flags changed.
 */
export async function setUserPermissions(
  db: Db,
  scope: Scope,
  userId: number,
  list: PermissionList,
  changedBy: number | null = null,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const entries = list.flatMap((g) => g.data.map((item) => ({ services: g.services, name: item.name })));
    await addCatalogueEntries(tx, scope.companyId, entries);
    await fillPermissionRows(tx, scope.companyId, userId);
    // The rows as they were, locked so two saves of one matrix record each change once.
    const before = await tx.select(FLAG_COLUMNS).from(permissions).where(eq(permissions.userId, userId)).for('update');
    const old = new Map(before.map((r) => [`${r.services}|${r.name}`, r]));
    const byKey = new Map<string, typeof permissions.$inferInsert>();
    for (const group of list) {
      for (const item of group.data) byKey.set(`${group.services}|${item.name}`, { userId, services: group.services, ...item });
    }
    const values = [...byKey.values()];
    const changes: (typeof permissionChanges.$inferInsert)[] = [];
    for (const v of values) {
      const was = old.get(`${v.services}|${v.name}`);
      for (const flag of FLAGS) {
        const value = v[flag] === true;
        if ((was?.[flag] ?? false) !== value)
          changes.push({ companyId: scope.companyId, userId, services: v.services, name: v.name, flag, value, changedBy, at: now });
      }
    }
    for (let i = 0; i < values.length; i += 500) {
      await tx
        .insert(permissions)
        .values(values.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [permissions.userId, permissions.services, permissions.name],
          set: { read: sql`excluded.can_read`, write: sql`excluded.can_write`, create: sql`excluded.can_create`, delete: sql`excluded.can_delete` },
        });
    }
    for (let i = 0; i < changes.length; i += 500) await tx.insert(permissionChanges).values(changes.slice(i, i + 500));
    return changes.length;
  });
}

/** The newest recorded changes of one user's flags, with who made them. */
export async function listPermissionChanges(db: Db, companyId: number, userId: number, limit = 100) {
  const rows = await db
    .select({
      id: permissionChanges.id,
      services: permissionChanges.services,
      name: permissionChanges.name,
      flag: permissionChanges.flag,
      value: permissionChanges.value,
      at: permissionChanges.at,
      byId: users.id,
      byName: users.displayName,
    })
    .from(permissionChanges)
    .leftJoin(users, eq(users.id, permissionChanges.changedBy))
    .where(and(eq(permissionChanges.companyId, companyId), eq(permissionChanges.userId, userId)))
    .orderBy(desc(permissionChanges.at), desc(permissionChanges.id))
    .limit(limit);
  return rows.map((r) => ({
    id: String(r.id),
    services: r.services,
    name: r.name,
    flag: r.flag,
    value: r.value,
    at: r.at.toISOString(),
    changedBy: r.byId === null ? null : { uid: String(r.byId), displayName: r.byName ?? '' },
  }));
}

/** Sets every flag of one service for a user (seed: a staff member with full or partial rights). */
export async function grantService(db: Db, userId: number, services: string, flags: Omit<PermissionItem, 'name'>): Promise<void> {
  await db
    .update(permissions)
    .set(flags)
    .where(and(eq(permissions.userId, userId), eq(permissions.services, services)));
}

/**
 * Turns off a user's action permissions of a service (Wallet Adjust): the demo staff get every menu of their service
 * and none of these, which an administrator grants on purpose.
 */
export async function withholdActions(db: Db, userId: number, services: string): Promise<void> {
  const names = SERVICE_ACTIONS.filter((a) => a.service === services).map((a) => a.permission);
  if (names.length === 0) return;
  await db
    .update(permissions)
    .set({ read: false, write: false, create: false, delete: false })
    .where(and(eq(permissions.userId, userId), eq(permissions.services, services), inArray(permissions.name, names)));
}

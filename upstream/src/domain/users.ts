import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apps, areas, users, type AppType } from '../db/schema';
import { hashPassword, needsRehash, type ScryptCost } from './passwords';
import type { AccessClaims } from './tokens';
import type { PermissionList } from '@contract/access';
import { idString } from '../kit/schemas';

export type UserRow = typeof users.$inferSelect;

/** The spec's logged-in user data, plus the profile fields the portal shows. */
export interface UserData {
  uid: string;
  username: string;
  displayName: string;
  email: string;
  userRole: 'admin' | 'staff';
  root: boolean;
  permission: PermissionList;
  companies: string;
  office: string;
  appid: string;
  AppType: AppType | '';
  area: string;
  province?: string;
  amphure?: string;
  district?: string;
}

export const normalizeUsername = (value: string) => value.trim().toLowerCase();

/** An account that may sign in: not deleted, active. Matches the username or the e-mail. */
export async function findActiveUserByLogin(db: Db, login: string): Promise<UserRow | null> {
  const value = normalizeUsername(login);
  const [byName] = await db
    .select()
    .from(users)
    .where(and(eq(users.username, value), isNull(users.deletedAt)))
    .limit(1);
  const row =
    byName ??
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.email, value), isNull(users.deletedAt)))
        .limit(1)
    )[0];
  return row && row.status === 'active' ? row : null;
}

export async function findActiveUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row && row.status === 'active' ? row : null;
}

interface Placement {
  appId: number | null;
  appType: AppType | '';
  areaId: number | null;
  province: string;
  amphure: string;
  district: string;
}

/** Where the user works: staff → their app and area; admin → the company's Delivery app (else its first app), all areas. */
export async function placementOf(db: Db, user: UserRow): Promise<Placement> {
  if (user.role === 'staff' && user.appId !== null) {
    const [app] = await db.select({ appType: apps.appType }).from(apps).where(eq(apps.id, user.appId)).limit(1);
    const [area] =
      user.areaId === null
        ? []
        : await db.select({ province: areas.province, amphure: areas.amphure, district: areas.district }).from(areas).where(eq(areas.id, user.areaId)).limit(1);
    return {
      appId: user.appId,
      appType: app?.appType ?? '',
      areaId: user.areaId,
      province: area?.province ?? '',
      amphure: area?.amphure ?? '',
      district: area?.district ?? '',
    };
  }
  const companyApps = await db.select({ id: apps.id, appType: apps.appType }).from(apps).where(eq(apps.companyId, user.companyId)).orderBy(asc(apps.id));
  const app = companyApps.find((a) => a.appType === 'Delivery') ?? companyApps[0];
  return { appId: app?.id ?? null, appType: app?.appType ?? '', areaId: null, province: '', amphure: '', district: '' };
}

export function claimsFor(user: UserRow, placement: Placement, sid: string, gen: number): AccessClaims {
  return {
    uid: String(user.id),
    sid,
    gen,
    role: user.role,
    root: user.root,
    companies: String(user.companyId),
    office: String(user.officeId),
    appid: idString(placement.appId),
    apptype: placement.appType,
    area: idString(placement.areaId),
  };
}

export function userDataFor(user: UserRow, placement: Placement, permission: PermissionList): UserData {
  const data: UserData = {
    uid: String(user.id),
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    userRole: user.role,
    root: user.root,
    permission,
    companies: String(user.companyId),
    office: String(user.officeId),
    appid: idString(placement.appId),
    AppType: placement.appType,
    area: idString(placement.areaId),
  };
  if (placement.appType !== '' && placement.appType !== 'Delivery') {
    Object.assign(data, { province: placement.province, amphure: placement.amphure, district: placement.district });
  }
  return data;
}

/**
 * After a successful sign-in: a hash made with a lower scrypt cost than today's is replaced by one at today's cost
 * (the password is at hand only now). Only if the hash is still the one checked; neither `version` nor `updatedAt`
 * moves (nothing a person edits changed).
 */
export async function rehashIfWeak(db: Db, user: Pick<UserRow, 'id' | 'passwordHash'>, password: string, cost: ScryptCost): Promise<boolean> {
  if (!needsRehash(user.passwordHash, cost)) return false;
  const stronger = await hashPassword(password, cost);
  const done = await db
    .update(users)
    .set({ passwordHash: stronger })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
    .returning({ id: users.id });
  return done.length > 0;
}

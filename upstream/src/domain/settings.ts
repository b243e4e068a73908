import { and, desc, eq, sql } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import {
  appSettingsValuesSchema,
  DEFAULT_APP_SETTINGS,
  type AppChannelConfig,
  type AppConfigItem,
  type AppConfigUpdate,
  type AppSettingsValues,
} from '@contract/resources/app-config';
import type { PointRules } from '@contract/resources/points';
import { SETTING_HISTORY_LIMIT, type SettingChange } from '@contract/resources/setting-history';
import type { CompanyBrand, SystemSettings, SystemSettingsUpdate } from '@contract/resources/system-settings';
import type { Db, Tx } from '../db/client';
import { apps, appSettings, companies, pointRules, settingChanges, users } from '../db/schema';
import { ApiError, conflict, invalid, MESSAGES, notFoundData, type FieldErrors } from '../kit/errors';
import { idString } from '../kit/schemas';
import { readOrCreate } from '../kit/versioned';
import { lockZoneChange } from './company-time';
import { rebuildDayRollups } from './order-rollups';
import { DEFAULT_POINT_RULES } from './point-history';
import type { Scope, ServiceScope } from './scope';

/**
 * The settings screens: the app's settings (`Config/App`: its point rules in `point_rules`, every other group in
 * `app_settings.values`) and the company's system settings (`Setting/System`, on the company's row). A save writes its
 * values and one `setting_changes` entry per changed field in one transaction, so the history never misses a change
 * nor records one that did not happen.
 */
type Conn = Db | Tx;

/** The screens whose changes are recorded, as `setting_changes.screen`. */
export const SETTING_SCREENS = { app: 'Config/App', system: 'Setting/System' } as const;
type SettingScreen = (typeof SETTING_SCREENS)[keyof typeof SETTING_SCREENS];

const POINT_FIELDS = Object.keys(DEFAULT_POINT_RULES) as (keyof PointRules)[];
const SETTING_FIELDS = Object.keys(DEFAULT_APP_SETTINGS) as (keyof AppSettingsValues)[];
const SYSTEM_FIELDS = ['name', 'logoUrl', 'timeZone', 'defaultLanguage', 'distanceUnit'] as const;

/** An app's stored groups over the defaults (a value the contract no longer accepts falls back to its default). */
function settingsOf(values: Record<string, unknown> | undefined): AppSettingsValues {
  const merged = { ...DEFAULT_APP_SETTINGS, ...(values ?? {}) };
  const parsed = appSettingsValuesSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_APP_SETTINGS;
}

/** The app's settings beyond its point rules (the defaults until first saved); what orders and the apps follow. */
export async function appSettingsOf(db: Conn, appId: number): Promise<AppSettingsValues> {
  const [row] = await db.select({ values: appSettings.values }).from(appSettings).where(eq(appSettings.appId, appId)).limit(1);
  return settingsOf(row?.values);
}

/** One entry per field whose value changed. */
async function recordChanges(
  tx: Tx,
  at: { companyId: number; appId: number | null; screen: SettingScreen; userId: number; now: Date },
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
): Promise<void> {
  const rows = fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({
      companyId: at.companyId,
      appId: at.appId,
      screen: at.screen,
      field,
      before: before[field] ?? null,
      after: after[field] ?? null,
      changedBy: at.userId,
      changedAt: at.now,
    }));
  if (rows.length) await tx.insert(settingChanges).values(rows);
}

/** A screen's changes, newest first (the latest `SETTING_HISTORY_LIMIT`). */
export async function settingHistory(db: Db, companyId: number, appId: number | null, screen: SettingScreen): Promise<SettingChange[]> {
  const rows = await db
    .select({ c: settingChanges, name: users.displayName })
    .from(settingChanges)
    .leftJoin(users, eq(users.id, settingChanges.changedBy))
    .where(
      and(
        eq(settingChanges.companyId, companyId),
        eq(settingChanges.screen, screen),
        appId === null ? sql`${settingChanges.appId} is null` : eq(settingChanges.appId, appId),
      ),
    )
    .orderBy(desc(settingChanges.changedAt), desc(settingChanges.id))
    .limit(SETTING_HISTORY_LIMIT);
  return rows.map(({ c, name }) => ({
    id: String(c.id),
    field: c.field,
    before: c.before,
    after: c.after,
    changedBy: c.changedBy === null ? null : { uid: idString(c.changedBy), displayName: name ?? '' },
    changedAt: c.changedAt.toISOString(),
  }));
}

// ————— Config/App —————

/** The app's settings (`Config/App`): every group, written with the defaults the first time they are read. */
export async function appConfig(db: Db, scope: ServiceScope, now: Date): Promise<AppConfigItem> {
  const where = and(eq(pointRules.companyId, scope.companyId), eq(pointRules.appId, scope.appId));
  const { r, name } = await readOrCreate(
    async () =>
      (
        await db.select({ r: pointRules, name: users.displayName }).from(pointRules).leftJoin(users, eq(users.id, pointRules.updatedBy)).where(where).limit(1)
      )[0],
    () =>
      db
        .insert(pointRules)
        .values({ companyId: scope.companyId, appId: scope.appId, ...DEFAULT_POINT_RULES, createdAt: now, updatedAt: now })
        .onConflictDoNothing(),
  );
  const settings = await appSettingsOf(db, scope.appId);
  return {
    id: String(r.id),
    appId: String(r.appId),
    pointsPer100Baht: r.pointsPer100Baht,
    registrationPoints: r.registrationPoints,
    inviterPoints: r.inviterPoints,
    inviteePoints: r.inviteePoints,
    ...settings,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: { uid: idString(r.updatedBy), displayName: name ?? '' },
  };
}

/**
 * Saves every group at the version last read (the point rules' row carries it), with who saved them and one history
 * entry per changed field, in one transaction: 409 with the settings as they are now when someone saved first.
 */
export async function updateAppConfig(
  db: Db,
  scope: ServiceScope,
  version: number,
  input: Omit<AppConfigUpdate, 'version'>,
  now: Date,
): Promise<AppConfigItem> {
  const before = await appConfig(db, scope, now);
  const rules = Object.fromEntries(POINT_FIELDS.map((f) => [f, input[f]])) as PointRules;
  const values = Object.fromEntries(SETTING_FIELDS.map((f) => [f, input[f]])) as AppSettingsValues;
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(pointRules)
      .set({ ...rules, version: sql`${pointRules.version} + 1`, updatedAt: now, updatedBy: scope.userId })
      .where(and(eq(pointRules.id, Number(before.id)), eq(pointRules.version, version)))
      .returning({ id: pointRules.id });
    if (!row) return false;
    await tx
      .insert(appSettings)
      .values({ companyId: scope.companyId, appId: scope.appId, values, createdAt: now, updatedAt: now, updatedBy: scope.userId })
      .onConflictDoUpdate({
        target: appSettings.appId,
        set: { values, version: sql`${appSettings.version} + 1`, updatedAt: now, updatedBy: scope.userId },
      });
    await recordChanges(
      tx,
      { companyId: scope.companyId, appId: scope.appId, screen: SETTING_SCREENS.app, userId: scope.userId, now },
      before,
      { ...rules, ...values },
      [...POINT_FIELDS, ...SETTING_FIELDS],
    );
    return true;
  });
  if (!saved) throw conflict(await appConfig(db, scope, now));
  return appConfig(db, scope, now);
}

// ————— What orders follow —————

/** 503 `UNDER_MAINTENANCE` with the app's message: the app channel takes no new orders while maintenance is on. */
export const underMaintenance = (message: string) => new ApiError(503, 'UNDER_MAINTENANCE', undefined, { message });

/**
 * What the app's settings say of a new order (app channel): 503 while in maintenance; else the items total below
 * which a food order is refused (`{items: [belowMinimumOrder]}` with `data.params.items.limit` in satang), 0 for none.
 * A parcel carries no items: the minimum is a food order's.
 */
export async function orderMinimumOf(db: Conn, appId: number, kind: 'food' | 'parcel'): Promise<number> {
  const settings = await appSettingsOf(db, appId);
  if (settings.maintenance) throw underMaintenance(settings.maintenanceMessage);
  return kind === 'food' ? settings.minimumOrder : 0;
}

/** The 400 of an order with field errors, naming the minimum when it is the items' error. */
export const orderInvalid = (errors: FieldErrors, minimum: number) =>
  errors.items?.includes(CODES.belowMinimumOrder) ? new ApiError(400, MESSAGES.validation, errors, { params: { items: { limit: minimum } } }) : invalid(errors);

// ————— Setting/System —————

async function companyRow(db: Conn, companyId: number) {
  const [found] = await db
    .select({ c: companies, name: users.displayName })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.updatedBy))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!found) throw notFoundData();
  return found;
}

const asLanguage = (value: string): SystemSettings['defaultLanguage'] =>
  ['en', 'th', 'zh', 'my'].includes(value) ? (value as SystemSettings['defaultLanguage']) : 'en';

/** The company's system settings. */
export async function systemSettings(db: Conn, scope: Pick<Scope, 'companyId'>): Promise<SystemSettings> {
  const { c, name } = await companyRow(db, scope.companyId);
  return {
    id: String(c.id),
    name: c.name,
    logoUrl: c.logoUrl,
    timeZone: c.timeZone,
    defaultLanguage: asLanguage(c.defaultLanguage),
    distanceUnit: c.distanceUnit,
    version: c.version,
    updatedAt: c.updatedAt.toISOString(),
    updatedBy: c.updatedBy === null ? null : { uid: idString(c.updatedBy), displayName: name ?? '' },
  };
}

/**
 * Saves the system settings at the version last read, with the history, in one transaction (409 when stale). A new
 * time zone rebuilds the company's day-keyed rollups in that transaction (domain/company-time.ts).
 */
export async function updateSystemSettings(db: Db, scope: Scope, input: SystemSettingsUpdate, now: Date): Promise<SystemSettings> {
  const before = await systemSettings(db, scope);
  const { version, ...values } = input;
  const newZone = values.timeZone !== before.timeZone;
  const saved = await db.transaction(async (tx) => {
    if (newZone) await lockZoneChange(tx, scope.companyId);
    const [row] = await tx
      .update(companies)
      .set({ ...values, version: sql`${companies.version} + 1`, updatedAt: now, updatedBy: scope.userId })
      .where(and(eq(companies.id, scope.companyId), eq(companies.version, version)))
      .returning({ id: companies.id });
    if (!row) return false;
    await recordChanges(
      tx,
      { companyId: scope.companyId, appId: null, screen: SETTING_SCREENS.system, userId: scope.userId, now },
      before,
      values,
      SYSTEM_FIELDS,
    );
    if (newZone) await rebuildDayRollups(tx, scope.companyId, values.timeZone);
    return true;
  });
  if (!saved) throw conflict(await systemSettings(db, scope));
  return systemSettings(db, scope);
}

/** What the portal's frame shows of the company, and the language it starts a browser in. */
export async function companyBrand(db: Db, companyId: number): Promise<CompanyBrand> {
  const s = await systemSettings(db, { companyId });
  return { name: s.name, logoUrl: s.logoUrl, defaultLanguage: s.defaultLanguage, timeZone: s.timeZone, distanceUnit: s.distanceUnit };
}

/**
 * `GET /api/app/{service}/Config`: what the member, shop and biker apps follow. The support contacts are Config/App's,
 * else the app's own of Application Manager.
 */
export async function appChannelConfig(db: Db, scope: ServiceScope): Promise<AppChannelConfig> {
  const [settings, company, [app]] = await Promise.all([
    appSettingsOf(db, scope.appId),
    systemSettings(db, scope),
    db.select({ supportPhone: apps.supportPhone, supportEmail: apps.supportEmail }).from(apps).where(eq(apps.id, scope.appId)).limit(1),
  ]);
  return {
    ...settings,
    // Config/App's support contacts; where it leaves one empty, the app's own (Application Manager).
    supportPhone: settings.supportPhone || app?.supportPhone || '',
    supportEmail: settings.supportEmail || app?.supportEmail || '',
    distanceUnit: company.distanceUnit,
    timeZone: company.timeZone,
    defaultLanguage: company.defaultLanguage,
    companyName: company.name,
    logoUrl: company.logoUrl,
  };
}

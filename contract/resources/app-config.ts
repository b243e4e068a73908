import { z } from 'zod';
import { CODES } from '../codes';
import type { ResourceContractBase } from '../resource';
import { boolField, emailField, intField, phoneField, textField, updatedBySchema, versionField } from '../fields';
import { orEmpty } from './company';
import { pointRuleFields } from './points';
import { DISTANCE_UNIT_CODES, LANGUAGE_CODES } from './system-settings';

/**
 * The app's settings (`Config/App`, admin): one record per app, read and saved at the path with its version. Its
 * groups are sections of one form: the point rules (kept in `point_rules`), then the groups kept in `app_settings`
 * (orders, support contacts, maintenance). One save writes every group and one `setting_changes` entry per changed
 * field, in one transaction.
 */

/** Orders: what the apps and the Platform API follow when an order is placed and waits. */
export const orderSettingFields = {
  /** Seconds a shop has to accept a new order before it counts as late ('Greater than or equal to 25'). */
  acceptTimeoutSeconds: intField(0, 3600).min(25, CODES.gte25),
  /** The smallest order's items total, in satang (0: no minimum); the Platform API refuses an order below it. */
  minimumOrder: intField(0, 100_000_000),
  /** Hours an order may wait for its payment, 1 to 24 ('Than more 24'). */
  paymentWaitHours: intField(1, 1000).max(24, CODES.thanMore24),
};

/** Support contacts the apps show; at least one is required ('Please complete all settings.'). */
export const supportSettingFields = {
  supportPhone: orEmpty(phoneField()),
  supportEmail: orEmpty(emailField()),
  /** A LINE id: 'More than 4 characters', '50 character limit'. */
  supportLineId: orEmpty(z.string(CODES.required).trim().min(5, CODES.moreThan4).max(50, CODES.tooLong50)),
};
export const SUPPORT_FIELDS = Object.keys(supportSettingFields) as (keyof typeof supportSettingFields)[];

/** Maintenance: while on, the apps show the message and the app channel takes no new orders. */
export const maintenanceSettingFields = {
  maintenance: boolField(),
  /** '50 character limit'; required while maintenance is on. */
  maintenanceMessage: textField(50).default(''),
};

/** The groups kept in `app_settings.values`, and their values before an app first saves them. */
export const appSettingsValuesSchema = z.object({ ...orderSettingFields, ...supportSettingFields, ...maintenanceSettingFields });
export type AppSettingsValues = z.infer<typeof appSettingsValuesSchema>;
export const DEFAULT_APP_SETTINGS: AppSettingsValues = {
  acceptTimeoutSeconds: 60,
  minimumOrder: 0,
  paymentWaitHours: 24,
  supportPhone: '',
  supportEmail: '',
  supportLineId: '',
  maintenance: false,
  maintenanceMessage: '',
};

/** The rules across fields: a support contact at least, a message while in maintenance. */
const groupRules = (v: Partial<AppSettingsValues>, ctx: z.RefinementCtx) => {
  if (SUPPORT_FIELDS.every((name) => !v[name])) {
    for (const name of SUPPORT_FIELDS) ctx.addIssue({ code: 'custom', path: [name], message: CODES.incompleteSettings });
  }
  if (v.maintenance && !v.maintenanceMessage) ctx.addIssue({ code: 'custom', path: ['maintenanceMessage'], message: CODES.required });
};

const settingsItemShape = {
  acceptTimeoutSeconds: z.number().int(),
  minimumOrder: z.number().int(),
  paymentWaitHours: z.number().int(),
  supportPhone: z.string(),
  supportEmail: z.string(),
  supportLineId: z.string(),
  maintenance: z.boolean(),
  maintenanceMessage: z.string(),
};

export const appConfigItemSchema = z.object({
  id: z.coerce.string().optional(),
  appId: z.coerce.string().nullish(),
  pointsPer100Baht: z.number().int(),
  registrationPoints: z.number().int(),
  inviterPoints: z.number().int(),
  inviteePoints: z.number().int(),
  ...settingsItemShape,
  version: z.number().int(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  updatedBy: updatedBySchema.nullish(),
});
export type AppConfigItem = z.infer<typeof appConfigItemSchema>;

/** `PUT {path}`: every group's values and the version last read. */
export const appConfigUpdateSchema = z
  .object({ ...pointRuleFields, ...orderSettingFields, ...supportSettingFields, ...maintenanceSettingFields, version: versionField() })
  .superRefine(groupRules);
export type AppConfigUpdate = z.infer<typeof appConfigUpdateSchema>;

export const appConfigContract = {
  name: 'AppConfig',
  path: 'Config/App',
  scope: 'area',
  schemas: { item: appConfigItemSchema, update: appConfigUpdateSchema },
} as const satisfies ResourceContractBase;

/**
 * `GET /api/app/{service}/Config` (app channel, read-only): what the member, shop and biker apps follow: the order
 * settings, the support contacts, maintenance, and the company's units, time zone and language.
 */
export const appChannelConfigSchema = z.object({
  ...settingsItemShape,
  distanceUnit: z.enum(DISTANCE_UNIT_CODES),
  timeZone: z.string(),
  defaultLanguage: z.enum(LANGUAGE_CODES),
  companyName: z.string(),
  logoUrl: z.string(),
});
export type AppChannelConfig = z.infer<typeof appChannelConfigSchema>;

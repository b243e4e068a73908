import { z } from 'zod';
import { enumField, updatedBySchema, versionField } from '../fields';
import type { ResourceContractBase } from '../resource';
import { companyLogoField, companyNameField } from './company';

/** The languages the company may start newcomers in (the portal's and the apps' four). */
export const LANGUAGE_CODES = ['en', 'th', 'zh', 'my'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
/** Distance units as stored: Kilometer and Mile in the spec's words. */
export const DISTANCE_UNIT_CODES = ['km', 'mi'] as const;
export type DistanceUnitCode = (typeof DISTANCE_UNIT_CODES)[number];
/**
 * The time zones offered (IANA names): the region's first, then common ones elsewhere, then the far ones (UTC+14 to
 * UTC−11, and the half- and quarter-hour zones). The company's zone makes its days: reports, order-day filters,
 * dashboards, the day in order numbers, voucher expiry and promotion periods (docs/orders.md).
 */
export const TIME_ZONES = [
  'Asia/Bangkok',
  'Asia/Yangon',
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Jakarta',
  'Asia/Ho_Chi_Minh',
  'Asia/Phnom_Penh',
  'Asia/Vientiane',
  'Asia/Manila',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Australia/Sydney',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'UTC',
  'Pacific/Kiritimati',
  'Pacific/Auckland',
  'Asia/Kathmandu',
  'Pacific/Honolulu',
  'Pacific/Pago_Pago',
] as const;

/**
 * System settings (`Setting/System`, admin, General): the company's name and logo, time zone, the language a browser
 * that has not chosen one starts in, and distance units. Kept on the company's row (its version is the one the
 * Information screen saves with); every change is recorded with who and when (`GET {path}/History`).
 */
export const systemSettingsUpdateSchema = z.object({
  name: companyNameField(),
  logoUrl: companyLogoField(),
  timeZone: enumField(TIME_ZONES),
  defaultLanguage: enumField(LANGUAGE_CODES),
  distanceUnit: enumField(DISTANCE_UNIT_CODES),
  version: versionField(),
});
export type SystemSettingsUpdate = z.infer<typeof systemSettingsUpdateSchema>;

export const systemSettingsSchema = z.object({
  id: z.coerce.string(),
  name: z.string(),
  logoUrl: z.string(),
  timeZone: z.string(),
  defaultLanguage: z.enum(LANGUAGE_CODES),
  distanceUnit: z.enum(DISTANCE_UNIT_CODES),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: updatedBySchema.nullish(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const systemSettingsContract = {
  name: 'SystemSettings',
  path: 'Setting/System',
  scope: 'area',
  schemas: { item: systemSettingsSchema, update: systemSettingsUpdateSchema },
} as const satisfies ResourceContractBase;

/**
 * `GET /api/admin/Brand`: what the portal's frame shows of the company (name, logo), the language it starts a browser
 * in, and the time zone and units it shows times and distances in; any signed-in user of the company.
 */
export const companyBrandSchema = z.object({
  name: z.string(),
  logoUrl: z.string(),
  defaultLanguage: z.enum(LANGUAGE_CODES),
  timeZone: z.string(),
  distanceUnit: z.enum(DISTANCE_UNIT_CODES),
});
export type CompanyBrand = z.infer<typeof companyBrandSchema>;

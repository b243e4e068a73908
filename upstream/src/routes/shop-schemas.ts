import { z } from '@hono/zod-openapi';
import { boolField, CODES, degreeField, emailField, enumField, intField, minutesOf, name50, phoneField, refField, text, timeField } from '../kit/fields';
import { strictListQuerySchema } from '../kit/list';
import { OPEN_STATUSES, SHOP_STATUSES } from '@contract/lifecycle';

export { OPEN_STATUSES, SHOP_STATUSES };

/** Zod schemas of the Shop Management resources. */
const user = z.object({ uid: z.string(), displayName: z.string() });
const meta = {
  id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: user,
  areaId: z.string(),
  areaName: z.string(),
  appId: z.string(),
  deletedAt: z.string().nullable(),
};
const areaIdField = {
  areaId: z
    .union([z.string(), z.number()])
    .transform(String)
    .optional()
    .openapi({ type: 'string', description: 'Admin: the area; staff: ignored (their own)' }),
};
const idFilter = () =>
  z
    .string()
    .regex(/^\d{1,10}$/)
    .optional();

const shopFields = {
  name: name50(),
  owner: name50(),
  email: emailField(),
  phone: phoneField(),
  public: boolField(),
  openTime: timeField(),
  closeTime: timeField(),
  lat: degreeField(90),
  lng: degreeField(180),
  packageId: refField(),
  typeId: refField(),
  permissionEdit: boolField(),
  orderShowPrice: boolField(),
  showDistanceShopOnHome: boolField(),
  showPersonDetailOnShop: boolField(),
  Limit_post: intField(),
  Limit_product: intField(),
};
const closeAfterOpen = (v: { openTime: string; closeTime: string }, ctx: z.RefinementCtx) => {
  if (minutesOf(v.closeTime) <= minutesOf(v.openTime)) ctx.addIssue({ code: 'custom', path: ['closeTime'], message: CODES.closeBeforeOpen });
};
export const shopItemSchema = z
  .object({
    ...meta,
    name: z.string(),
    owner: z.string(),
    email: z.string(),
    phone: z.string(),
    status: z.enum(SHOP_STATUSES),
    public: z.boolean(),
    openTime: z.string(),
    closeTime: z.string(),
    lat: z.string(),
    lng: z.string(),
    packageId: z.string(),
    packageName: z.string(),
    typeId: z.string(),
    typeName: z.string(),
    permissionEdit: z.boolean(),
    orderShowPrice: z.boolean(),
    showDistanceShopOnHome: z.boolean(),
    showPersonDetailOnShop: z.boolean(),
    Limit_post: z.number().int(),
    Limit_product: z.number().int(),
  })
  .openapi('Shop');
export const shopCreateSchema = z
  .object({ ...shopFields, ...areaIdField, status: z.enum(SHOP_STATUSES).optional() })
  .superRefine(closeAfterOpen)
  .openapi('ShopInput');
export const shopUpdateSchema = z.object({ ...shopFields, ...areaIdField });
export const shopQuerySchema = strictListQuerySchema(['name', 'status', 'createdAt', 'updatedAt'], {
  status: z.enum(SHOP_STATUSES).optional(),
  typeId: idFilter(),
  packageId: idFilter(),
  areaId: idFilter(),
  public: z.enum(['true', 'false']).optional(),
});
export const statusBodySchema = z
  .object({
    status: enumField(SHOP_STATUSES),
    reason: text(200).optional(),
    version: z.number({ error: CODES.required }).int().min(1),
  })
  .openapi('ShopStatusChange');
export const bulkStatusBodySchema = z
  .object({ ids: z.array(refField()).min(1, CODES.required).max(500), status: enumField(SHOP_STATUSES) })
  .openapi('ShopBulkStatus');
export const availableQuerySchema = z.object({
  field: z.enum(['email', 'phone']),
  value: z.string().max(200),
  exceptId: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
  /** An admin's area to check in (staff always check in their own). */
  areaId: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
});
export const historySchema = z.array(z.object({ from: z.enum(SHOP_STATUSES), to: z.enum(SHOP_STATUSES), reason: z.string(), by: user, at: z.string() }));

/** A week of ranges: close after open, no overlap within a day, one entry per day. */
const rangeSchema = z.object({ open: timeField(), close: timeField() });
const daySchema = z.object({
  day: z.number({ error: CODES.required }).int(CODES.integer).min(0, CODES.integer).max(6, CODES.integer),
  ranges: z.array(rangeSchema).max(12),
});
export const hoursSchema = z
  .array(daySchema)
  .max(7)
  .superRefine((days, ctx) => {
    const seen = new Set<number>();
    days.forEach((d, i) => {
      if (seen.has(d.day)) ctx.addIssue({ code: 'custom', path: [i, 'day'], message: CODES.overlap });
      seen.add(d.day);
      d.ranges.forEach((r, j) => {
        if (minutesOf(r.close) <= minutesOf(r.open)) ctx.addIssue({ code: 'custom', path: [i, 'ranges', j, 'close'], message: CODES.closeBeforeOpen });
      });
      const order = d.ranges.map((r, j) => ({ ...r, j })).sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
      let latest = -1;
      for (const r of order) {
        if (minutesOf(r.open) < latest) ctx.addIssue({ code: 'custom', path: [i, 'ranges', r.j, 'open'], message: CODES.overlap });
        latest = Math.max(latest, minutesOf(r.close));
      }
    });
  });
export const timeShopItemSchema = z
  .object({
    ...meta,
    shopId: z.string(),
    shopName: z.string(),
    hours: z.array(z.object({ day: z.number().int(), ranges: z.array(z.object({ open: z.string(), close: z.string() })) })),
  })
  .openapi('TimeShop');
export const timeShopCreateSchema = z.object({ shopId: refField(), hours: hoursSchema }).openapi('TimeShopInput');
export const timeShopUpdateSchema = z.object({ hours: hoursSchema });
export const timeShopQuerySchema = strictListQuerySchema(['shopName', 'updatedAt'], { shopId: idFilter() });

export const registrationItemSchema = z
  .object({
    ...meta,
    name: z.string(),
    owner: z.string(),
    email: z.string(),
    phone: z.string(),
    typeId: z.string(),
    typeName: z.string(),
    packageId: z.string(),
    note: z.string(),
    state: z.enum(['waiting', 'approved', 'rejected']),
    reason: z.string(),
    shopId: z.string(),
  })
  .openapi('ShopRegistration');
export const registrationQuerySchema = strictListQuerySchema(['name', 'createdAt'], { state: z.enum(['waiting', 'approved', 'rejected']).optional() });
export const rejectBodySchema = z
  .object({ reason: z.string({ error: CODES.required }).trim().min(1, CODES.required).max(200, 'tooLong200') })
  .openapi('ShopRegistrationReject');

const configFields = {
  defaultPackageId: z.union([z.string(), z.number()]).transform(String),
  defaultTypeId: z.union([z.string(), z.number()]).transform(String),
  commissionRate: intField(0, 10_000).openapi({ description: 'Basis points: 1500 = 15 %' }),
  defaultOpenTime: timeField(),
  defaultCloseTime: timeField(),
};
export const configItemSchema = z
  .object({
    id: z.string(),
    appId: z.string(),
    areaId: z.string(),
    areaName: z.string(),
    defaultPackageId: z.string(),
    defaultTypeId: z.string(),
    commissionRate: z.number().int(),
    defaultOpenTime: z.string(),
    defaultCloseTime: z.string(),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedBy: user,
  })
  .openapi('ShopConfig');
export const configBodySchema = z
  .object({ ...configFields, version: z.number({ error: CODES.required }).int().min(1) })
  .superRefine((v, ctx) => {
    if (minutesOf(v.defaultCloseTime) <= minutesOf(v.defaultOpenTime))
      ctx.addIssue({ code: 'custom', path: ['defaultCloseTime'], message: CODES.closeBeforeOpen });
  })
  .openapi('ShopConfigInput');

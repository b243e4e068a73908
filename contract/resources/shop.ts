import { imageListField } from '../images';
import { MAX_IMAGES } from '../lifecycle/catalogue';
import { z } from 'zod';
import {
  boolField,
  emailField,
  enumField,
  idsListSchema,
  intField,
  latField,
  lngField,
  nameField,
  phoneField,
  refField,
  textField,
  timeField,
  updatedBySchema,
  versionField,
} from '../fields';
import { SHOP_STATUSES } from '../lifecycle/shops';
import { filter } from '../list';
import { defineResourceContract } from '../resource';

/**
 * A shop's or biker's current package beyond its id and name: its subscription's start and end (ISO; null for a
 * package assigned before packages were billed), and whether it expired (docs/orders.md section 2, package charges).
 */
export const currentPackageFields = {
  packageStartsAt: z.string().nullish(),
  packageEndsAt: z.string().nullish(),
  packageExpired: z.boolean().optional(),
};

/**
 * Shop Management step 3: the shops of an area. Its opening and closing times may be any two times of day: closing
 * before opening is overnight, the same time is around the clock (contract/opening-hours.ts). A new shop starts
 * pending unless one who may approve registrations asks for active; its status then moves only by the transitions of
 * contract/lifecycle/shops.ts (`PUT {path}/{id}/status`), never through an update.
 */
export const shopContract = defineResourceContract({
  name: 'Shop',
  noun: 'shop',
  path: 'Shop',
  scope: 'area',
  fields: {
    name: nameField(),
    owner: nameField(),
    images: imageListField(MAX_IMAGES),
    email: emailField(),
    phone: phoneField(),
    public: boolField(),
    openTime: timeField(),
    closeTime: timeField(),
    lat: latField(),
    lng: lngField(),
    packageId: refField(),
    typeId: refField(),
    permissionEdit: boolField(),
    orderShowPrice: boolField(),
    showDistanceShopOnHome: boolField(),
    showPersonDetailOnShop: boolField(),
    Limit_post: intField(),
    Limit_product: intField(),
  },
  createFields: { status: enumField(SHOP_STATUSES).optional() },
  itemFields: { status: z.string(), packageName: z.string().nullish(), typeName: z.string().nullish(), ...currentPackageFields },
  sort: ['name', 'status', 'createdAt', 'updatedAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  search: ['name', 'owner', 'email', 'phone'],
  filters: { status: filter.oneOf(SHOP_STATUSES), typeId: filter.ref(), packageId: filter.ref(), areaId: filter.ref(), public: filter.bool() },
});

/** `PUT {path}/{id}/status`: the new status, why, and the version last read. */
export const shopStatusChangeSchema = z.object({ status: enumField(SHOP_STATUSES), reason: textField(200).optional(), version: versionField() });
export type ShopStatusChange = z.infer<typeof shopStatusChangeSchema>;

/** `POST {path}/status`: one status for many shops (each moved only where its transitions allow). */
export const shopBulkStatusSchema = z.object({ ids: idsListSchema, status: enumField(SHOP_STATUSES) });

/** `GET {path}/available?field=email|phone&value=…[&exceptId][&areaId]`: whether a value is free in the area. */
export const shopAvailableQuerySchema = z.object({
  field: z.enum(['email', 'phone']),
  value: z.string().max(200),
  exceptId: filter.ref(),
  /** An admin's area to check in (staff always check in their own). */
  areaId: filter.ref(),
});

/** `GET {path}/{id}/history`: the shop's status changes, newest first. */
export const shopHistoryEntrySchema = z.object({
  from: z.string().nullish(),
  to: z.string(),
  reason: z.string().nullish(),
  by: updatedBySchema.nullish(),
  at: z.string(),
});

/**
 * `GET /api/app/{service}/Shop`: an area's shops as the member app lists them, a page at a time; with the member's
 * position (`lat` and `lng`), each shop that shows its distance says how far it is.
 */
export const appShopQuerySchema = z.object({
  areaId: filter.ref().unwrap(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

/** A shop in the member app's list. */
export const appShopSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The shop's logo (an image key), '' when none. */
  image: z.string(),
  typeName: z.string(),
  lat: z.string(),
  lng: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  /**
   * Great-circle metres from the member's position to the shop: only where the shop shows its distance on the home
   * screen (`showDistanceShopOnHome`) and the position was given; null otherwise.
   */
  distanceM: z.number().int().nullable(),
  /** The shop's person (its owner and phone): only where the shop shows them (`showPersonDetailOnShop`); null otherwise. */
  owner: z.string().nullable(),
  phone: z.string().nullable(),
  /** Whether the member app shows the shop's prices on the order (`orderShowPrice`). */
  showPrice: z.boolean(),
});
export type AppShop = z.infer<typeof appShopSchema>;

/**
 * `PATCH /api/app/{service}/Shop/{id}` (the shop app): the details a shop changes itself, only while the back-office
 * leaves its `permissionEdit` on; at least one of them.
 */
export const shopSelfEditSchema = z
  .object({
    owner: nameField().optional(),
    email: emailField().optional(),
    phone: phoneField().optional(),
    openTime: timeField().optional(),
    closeTime: timeField().optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'required' });
export type ShopSelfEdit = z.infer<typeof shopSelfEditSchema>;

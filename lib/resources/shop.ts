import { z } from 'zod';
import { SHOP_STATUSES, allowedShopTransitions, type ShopStatus } from '@contract/lifecycle';
import { defineResource, type Option } from './kit';
import { countSchema, emailSchema, idRefSchema, latSchema, lngSchema, minutesOf, nameSchema, phoneSchema, rowMetaSchema, timeSchema } from './validation';

export { SHOP_STATUSES, type ShopStatus };
const statusOptions = (values: readonly ShopStatus[]): Option[] => values.map((value) => ({ value, label: `status.account.${value}` }));

/** Allowed status changes (contract/lifecycle): pending → active | close; active ↔ suspended; any → close. */
export const allowedTransitions = allowedShopTransitions;

const shopFieldsSchema = z.object({
  name: nameSchema,
  owner: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  public: z.boolean(),
  openTime: timeSchema,
  closeTime: timeSchema,
  lat: latSchema,
  lng: lngSchema,
  packageId: idRefSchema,
  typeId: idRefSchema,
  permissionEdit: z.boolean(),
  orderShowPrice: z.boolean(),
  showDistanceShopOnHome: z.boolean(),
  showPersonDetailOnShop: z.boolean(),
  Limit_post: countSchema,
  Limit_product: countSchema,
  areaId: z.string().optional(),
});

type ShopTimes = { openTime: string; closeTime: string };
const closesAfterOpening = (v: ShopTimes) =>
  !timeSchema.safeParse(v.openTime).success || !timeSchema.safeParse(v.closeTime).success || minutesOf(v.closeTime) > minutesOf(v.openTime);
/** Checked even when other fields fail, so every message shows at once. */
const closeRule = {
  path: ['closeTime'],
  message: 'closeBeforeOpen',
  when: (payload: { value: unknown }) => z.object({ openTime: timeSchema, closeTime: timeSchema }).safeParse(payload.value).success,
};

export const shopCreateSchema = shopFieldsSchema.extend({ status: z.enum(['pending', 'active'], 'required') }).refine(closesAfterOpening, closeRule);
export const shopUpdateSchema = shopFieldsSchema.extend({ version: z.number().int() }).refine(closesAfterOpening, closeRule);
export const shopStatusChangeSchema = z.object({
  status: z.enum(SHOP_STATUSES),
  reason: z.string().trim().max(200, 'tooLong200').optional(),
  version: z.number().int(),
});

export const shopRowSchema = rowMetaSchema.extend({
  name: z.string(),
  owner: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.string(),
  public: z.boolean(),
  openTime: z.string(),
  closeTime: z.string(),
  lat: z.coerce.string(),
  lng: z.coerce.string(),
  packageId: z.coerce.string().nullish(),
  typeId: z.coerce.string().nullish(),
  packageName: z.string().nullish(),
  typeName: z.string().nullish(),
  permissionEdit: z.boolean().optional(),
  orderShowPrice: z.boolean().optional(),
  showDistanceShopOnHome: z.boolean().optional(),
  showPersonDetailOnShop: z.boolean().optional(),
  Limit_post: z.number().int().optional(),
  Limit_product: z.number().int().optional(),
});

export const shopHistorySchema = z.object({
  status: z.literal(true),
  data: z.array(
    z.object({
      from: z.string().nullish(),
      to: z.string(),
      reason: z.string().nullish(),
      by: z.object({ uid: z.coerce.string(), displayName: z.string() }).nullish(),
      at: z.string(),
    }),
  ),
});

export const shopResource = defineResource({
  key: 'shop',
  namespace: 'shop',
  api: 'Shop',
  schemas: { row: shopRowSchema, detail: shopRowSchema, create: shopCreateSchema, update: shopUpdateSchema },
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'owner', label: 'fields.owner', kind: 'text' },
    { field: 'phone', label: 'fields.phone', kind: 'text' },
    { field: 'typeName', label: 'fields.typeId', kind: 'text' },
    { field: 'packageName', label: 'fields.packageId', kind: 'text' },
    { field: 'areaName', label: 'fields.areaId', kind: 'text' },
    { field: 'public', label: 'fields.public', kind: 'bool' },
    { field: 'status', label: 'fields.status', kind: 'status', sortable: true },
    { field: 'updatedAt', label: 'fields.updatedAt', kind: 'date', sortable: true },
  ],
  filters: [
    { field: 'status', label: 'fields.status', kind: 'select', options: statusOptions(SHOP_STATUSES) },
    { field: 'typeId', label: 'fields.typeId', kind: 'select', optionsFrom: 'types' },
    { field: 'packageId', label: 'fields.packageId', kind: 'select', optionsFrom: 'packages' },
    { field: 'areaId', label: 'fields.areaId', kind: 'select', optionsFrom: 'areas' },
    { field: 'public', label: 'fields.public', kind: 'boolean' },
  ],
  sortFields: ['name', 'status', 'createdAt', 'updatedAt'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'name', label: 'fields.name', kind: 'text', required: true, hint: 'limit50' },
        { name: 'owner', label: 'fields.owner', kind: 'text', required: true, hint: 'limit50' },
        { name: 'email', label: 'fields.email', kind: 'email', required: true, hint: 'emailInvalid', availability: 'email' },
        { name: 'phone', label: 'fields.phone', kind: 'tel', required: true, hint: 'phoneInvalid', availability: 'phone' },
        { name: 'status', label: 'fields.status', kind: 'select', required: true, options: statusOptions(['pending', 'active']), createOnly: true },
        { name: 'typeId', label: 'fields.typeId', kind: 'select', required: true, optionsFrom: 'types' },
        { name: 'packageId', label: 'fields.packageId', kind: 'select', required: true, optionsFrom: 'packages' },
        { name: 'areaId', label: 'fields.areaId', kind: 'select', optionsFrom: 'areas', adminOnly: true },
      ],
    },
    {
      title: 'sections.location',
      fields: [
        { name: 'openTime', label: 'fields.openTime', kind: 'time', required: true },
        { name: 'closeTime', label: 'fields.closeTime', kind: 'time', required: true },
        { name: 'lat', label: 'fields.lat', kind: 'latlng', required: true },
        { name: 'lng', label: 'fields.lng', kind: 'latlng', required: true },
      ],
    },
    {
      title: 'sections.settings',
      fields: [
        { name: 'public', label: 'fields.public', kind: 'checkbox' },
        { name: 'permissionEdit', label: 'fields.permissionEdit', kind: 'checkbox' },
        { name: 'orderShowPrice', label: 'fields.orderShowPrice', kind: 'checkbox' },
        { name: 'showDistanceShopOnHome', label: 'fields.showDistanceShopOnHome', kind: 'checkbox' },
        { name: 'showPersonDetailOnShop', label: 'fields.showPersonDetailOnShop', kind: 'checkbox' },
        { name: 'Limit_post', label: 'fields.Limit_post', kind: 'number', required: true },
        { name: 'Limit_product', label: 'fields.Limit_product', kind: 'number', required: true },
      ],
    },
  ],
  routes: { list: '/Shop', add: '/Shop/Add', view: '/Shop/View', restore: '/RestoreShop' },
  bulkStatuses: ['active', 'suspended', 'close'],
  exportable: true,
  bulkDelete: true,
  defaults: {
    name: '',
    owner: '',
    email: '',
    phone: '',
    status: 'pending',
    public: true,
    openTime: '09:00',
    closeTime: '18:00',
    lat: '13.7563309',
    lng: '100.5017651',
    packageId: '',
    typeId: '',
    permissionEdit: false,
    orderShowPrice: true,
    showDistanceShopOnHome: true,
    showPersonDetailOnShop: false,
    Limit_post: 0,
    Limit_product: 0,
  },
});

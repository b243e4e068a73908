import { z } from 'zod';
import { CODES } from '../codes';
import { dateField, INT_MAX, refField } from '../fields';
import { ORDER_EVENTS, ORDER_KINDS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../lifecycle/orders';
import { listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

/**
 * The orders API's shapes (docs/orders.md section 4): food and parcel orders, their detail and the back-office's two
 * writes (cancel, assign or change the biker). Money in satang. Statuses, events and methods are the lifecycle's own
 * sets, so a value either side does not know is an error, not a silent string.
 */
const satang = z.number().int();
const point = z.object({ address: z.string(), lat: z.string(), lng: z.string() });

export const orderRowSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  itemsTotal: satang,
  deliveryFee: satang,
  discount: satang,
  total: satang,
  memberId: z.string(),
  memberName: z.string(),
  memberPhone: z.string(),
  shopId: z.string().nullable(),
  shopName: z.string().nullable(),
  bikerId: z.string().nullable(),
  bikerName: z.string().nullable(),
  areaId: z.string(),
  areaName: z.string(),
  senderName: z.string().nullable(),
  receiverName: z.string().nullable(),
  weightGram: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const ACTOR_TYPES = ['member', 'shop', 'biker', 'admin', 'staff', 'system'] as const;
export const WALLET_OWNERS = ['admin', 'member', 'shop', 'biker'] as const;

export const orderEventSchema = z.object({
  id: z.string(),
  event: z.enum(ORDER_EVENTS),
  actorType: z.enum(ACTOR_TYPES),
  actorId: z.string().nullable(),
  actorName: z.string(),
  bikerId: z.string().nullable(),
  note: z.string(),
  at: z.string(),
});
export type OrderEventEntry = z.infer<typeof orderEventSchema>;

export const orderTransactionSchema = z.object({
  id: z.string(),
  ownerType: z.enum(WALLET_OWNERS),
  ownerName: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  amount: satang,
  createdAt: z.string(),
});
export type OrderTransaction = z.infer<typeof orderTransactionSchema>;

export const orderDetailSchema = orderRowSchema.extend({
  items: z.array(z.object({ name: z.string(), qty: z.number().int(), price: satang })),
  events: z.array(orderEventSchema),
  pickup: point,
  dropoff: point,
  senderPhone: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  note: z.string(),
  cancelReason: z.string().nullable(),
  shares: z.object({ app: satang, shop: satang, biker: satang }).nullable(),
  refund: z.object({ amount: satang, at: z.string() }).nullable(),
  transactions: z.array(orderTransactionSchema),
  /** What the caller may do now (computed by the Platform API from the lifecycle and the biker). */
  actions: z.object({ adminCancel: z.boolean(), assignBiker: z.boolean(), changeBiker: z.boolean() }),
  /** What an admin cancel now would refund. */
  refundOnCancel: satang,
  /** The voucher the member used, if any. */
  voucherCode: z.string().nullish(),
  /**
   * How the Platform API priced the delivery (docs/orders.md section 4, "Delivery pricing"): the great-circle distance
   * in metres from the shop (a parcel: its pickup) to the drop-off, the distance band's estimate in minutes, and a
   * Marketplace order's carrier. Absent from an API that does not price.
   */
  delivery: z
    .object({
      distanceM: z.number().int().nullable(),
      estimateMinutes: z.number().int().nullable(),
      carrierId: z.string().nullable(),
      carrierName: z.string().nullable(),
    })
    .nullish(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `PATCH …/{id}/cancel`: the admin's reason is required (kept on the order and its timeline). */
export const orderCancelSchema = z.object({
  reason: z
    .string({ error: () => CODES.required })
    .trim()
    .min(1, CODES.required)
    .max(200, CODES.tooLong200),
});
export type OrderCancelBody = z.infer<typeof orderCancelSchema>;

/** `PATCH …/{id}/biker`: the biker to assign or change to. */
export const orderBikerSchema = z.object({ bikerId: refField() });
export type OrderBikerBody = z.infer<typeof orderBikerSchema>;

/** `GET …/OrdersStatus`. */
export const orderStatusCountsSchema = z.object({
  counts: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
  total: z.number().int(),
});

const day = () => dateField().optional();
const idFilter = () =>
  z
    .string()
    .regex(/^\d{1,10}$/)
    .refine((v) => !/^\d{1,10}$/.test(v) || Number(v) <= INT_MAX, 'outOfRange')
    .optional();

/**
 * `GET …/Orders` and `…/OrdersMessenger`: `?status=&paymentMethod=&from=&to=&shopId=&bikerId=&memberId=&member=&areaId=
 * &orderNo=&q=` (the company's days, both ends included, `from` not after `to`; `member` is a phone or part of a name;
 * `q` and `orderNo` a whole order number), the newest first unless the query says otherwise.
 */
export const orderQuerySchema = listQuerySchema(['createdAt', 'total'], {
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(ORDER_STATUSES).optional(),
  from: day(),
  to: day(),
  shopId: idFilter(),
  bikerId: idFilter(),
  memberId: idFilter(),
  member: z.string().trim().min(1).max(100).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  areaId: idFilter(),
  orderNo: z.string().trim().max(30).optional(),
})
  .omit({ deleted: true })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: CODES.outOfRange });
  });

/**
 * The orders: the food orders at `Orders` and the parcels at `OrdersMessenger`, each its own list under its own
 * permission, read-only rows whose own read (`{path}/{id}`) answers the detail; cancel and the biker are calls of
 * their own. Each list serves `{path}/export`, the CSV of its query.
 */
export const orderContract = {
  name: 'Order',
  path: 'Orders',
  parts: ['OrdersMessenger'],
  scope: 'area',
  sort: ['createdAt', 'total'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
  search: ['orderNo'],
  schemas: { item: orderRowSchema, detail: orderDetailSchema, query: orderQuerySchema, cancel: orderCancelSchema, biker: orderBikerSchema },
} as const satisfies ResourceContractBase;

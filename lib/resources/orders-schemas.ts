import { z } from 'zod';
import { idRefSchema } from './validation';

/** Shapes of docs/orders.md section 4: the order row, its detail and the portal's two writes. Money in satang. */

const satang = z.number().int();
const id = z.coerce.string();

export const orderRowSchema = z.object({
  id,
  orderNo: z.string(),
  kind: z.string(),
  status: z.string(),
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  itemsTotal: satang,
  deliveryFee: satang,
  discount: satang,
  total: satang,
  memberId: id.nullish(),
  memberName: z.string().nullish(),
  memberPhone: z.string().nullish(),
  shopId: id.nullish(),
  shopName: z.string().nullish(),
  bikerId: id.nullish(),
  bikerName: z.string().nullish(),
  areaId: id.nullish(),
  areaName: z.string().nullish(),
  senderName: z.string().nullish(),
  receiverName: z.string().nullish(),
  weightGram: z.number().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

const placeSchema = z.object({ address: z.string().nullish(), lat: z.coerce.number(), lng: z.coerce.number() });

export const orderEventSchema = z.object({
  id,
  event: z.string(),
  actorType: z.string(),
  actorId: id.nullish(),
  actorName: z.string().nullish(),
  bikerId: id.nullish(),
  note: z.string().nullish(),
  at: z.string(),
});
export type OrderEventEntry = z.infer<typeof orderEventSchema>;

export const orderTransactionSchema = z.object({
  id,
  ownerType: z.string(),
  ownerName: z.string().nullish(),
  type: z.string(),
  status: z.string(),
  amount: satang,
  createdAt: z.string(),
});
export type OrderTransaction = z.infer<typeof orderTransactionSchema>;

export const orderDetailSchema = orderRowSchema.extend({
  items: z.array(z.object({ name: z.string(), qty: z.number().int(), price: satang })).default([]),
  events: z.array(orderEventSchema).default([]),
  pickup: placeSchema.nullish(),
  dropoff: placeSchema.nullish(),
  senderPhone: z.string().nullish(),
  receiverPhone: z.string().nullish(),
  note: z.string().nullish(),
  cancelReason: z.string().nullish(),
  shares: z.object({ app: satang, shop: satang, biker: satang }).nullish(),
  refund: z.object({ amount: satang, at: z.string() }).nullish(),
  transactions: z.array(orderTransactionSchema).default([]),
  actions: z.object({ adminCancel: z.boolean(), assignBiker: z.boolean(), changeBiker: z.boolean() }).default({ adminCancel: false, assignBiker: false, changeBiker: false }),
  refundOnCancel: satang.default(0),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `PATCH …/{id}/cancel`: the admin's reason is required (it is kept on the order and its timeline). */
export const orderCancelSchema = z.object({ reason: z.string('required').trim().min(1, 'required').max(200, 'tooLong200') });
export type OrderCancelBody = z.infer<typeof orderCancelSchema>;

/** `PATCH …/{id}/biker`: the biker to assign or change to. */
export const orderBikerSchema = z.object({ bikerId: idRefSchema });
export type OrderBikerBody = z.infer<typeof orderBikerSchema>;

/** `GET …/OrdersStatus`. */
export const orderStatusCountsSchema = z.object({
  counts: z.array(z.object({ status: z.string(), count: z.number().int() })),
  total: z.number().int(),
});

/** A biker of `GET …/Member/Biker`, as the assignment select needs it. */
export const bikerOptionSchema = z.object({
  id,
  name: z.string(),
  phone: z.string().nullish(),
  areaId: id.nullish(),
  presence: z.string().nullish(),
  status: z.string().nullish(),
});
export type BikerOption = z.infer<typeof bikerOptionSchema>;

import { z } from '@hono/zod-openapi';
import { ORDER_EVENTS, PAYMENT_METHODS } from '../db/schema';
import { isDay } from '../domain/order-dates';
import { ORDER_KINDS, ORDER_STATUSES } from '../domain/order-lifecycle';
import { CODES, degreeField, enumField, INT_MAX, intField, name50, phoneField, refField, text } from '../kit/fields';
import { strictListQuerySchema } from '../kit/list';
import {
  orderBikerSchema,
  orderCancelSchema,
  orderDetailSchema as contractOrderDetail,
  orderRowSchema as contractOrderRow,
  orderStatusCountsSchema,
} from '@contract/resources/orders';
import { voucherCodeField } from '@contract/resources/voucher';
import { MAX_FOOD_CHOICES } from '@contract/lifecycle/catalogue';
import {
  bikerItemSchema as contractBikerItem,
  monitorBikerSchema as contractMonitorBiker,
  monitorBoardSchema as contractMonitorBoard,
  monitorOrderSchema as contractMonitorOrder,
  PRESENCES,
} from '@contract/resources/monitor';

/** Zod schemas of the orders API (docs/orders.md section 4): the contract shared with the portal. Money in satang. */

/**
 * The events the member, shop and biker apps send. An admin cancel and a biker change have their own calls, and a
 * payment comes only from the payment provider's signed callback.
 */
export const APP_EVENTS = ORDER_EVENTS.filter((e) => e !== 'admin_cancel_order' && e !== 'biker_change' && e !== 'member_create_order_payment_success') as [
  string,
  ...string[],
];

const idFilter = () =>
  z
    .string()
    .regex(/^\d{1,10}$/)
    .refine((v) => !/^\d{1,10}$/.test(v) || Number(v) <= INT_MAX, 'outOfRange')
    .optional();
const dayFilter = () =>
  z.string().refine(isDay, CODES.invalidDate).optional().openapi({ description: "A day in the company's time zone, `YYYY-MM-DD`, inclusive" });
const fromBeforeTo = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'outOfRange' });
};

export const orderQuerySchema = strictListQuerySchema(['createdAt', 'total'], {
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(ORDER_STATUSES).optional(),
  from: dayFilter(),
  to: dayFilter(),
  shopId: idFilter(),
  bikerId: idFilter(),
  memberId: idFilter(),
  member: z.string().trim().min(1).max(100).optional().openapi({ description: "A member's phone (digits) or part of a name" }),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  areaId: idFilter(),
  orderNo: z.string().trim().max(30).optional().openapi({ description: 'A whole order number, any case (so is `q`)' }),
})
  .omit({ deleted: true })
  .superRefine(fromBeforeTo);

export const orderRowSchema = contractOrderRow.openapi('OrderRow');
export const orderDetailSchema = contractOrderDetail.openapi('OrderDetail');

const required = { error: () => CODES.required };
const placeSchema = z.object({ address: text(200).optional(), lat: degreeField(90), lng: degreeField(180) }, required);
/**
 * An order item: free (`name` and `price` as the app sends them), a food of the order's shop (`foodId`, with the names
 * of the option and add-ons chosen: its name and price come from the menu), or a product variant (`sku`: from the
 * catalogue, its stock taken with the order).
 */
const orderItemSchema = z
  .object(
    {
      name: text(200).min(1, CODES.required).optional(),
      price: intField(0, 100_000_000).optional(),
      qty: intField(1, 999),
      foodId: refField().optional().openapi({ description: "A food of the order's shop, `in_stock` (else 400 `soldOut`)" }),
      options: z
        .array(text(50).min(1, CODES.required))
        .max(2 * MAX_FOOD_CHOICES, 'outOfRange')
        .optional()
        .openapi({ description: "With `foodId`: the names of the option (one at most) and add-ons chosen; their prices add to the food's" }),
      sku: text(50)
        .min(1, CODES.required)
        .optional()
        .openapi({ description: "A variant of an active product of the order's shop (else 400 `outOfStock` when short)" }),
    },
    required,
  )
  .superRefine((item, ctx) => {
    const catalogue = item.foodId !== undefined || item.sku !== undefined;
    if (item.foodId !== undefined && item.sku !== undefined) ctx.addIssue({ code: 'custom', path: ['sku'], message: CODES.overlap });
    if (item.options !== undefined && item.foodId === undefined) ctx.addIssue({ code: 'custom', path: ['options'], message: CODES.overlap });
    for (const field of ['name', 'price'] as const) {
      if (catalogue && item[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: CODES.overlap });
      if (!catalogue && item[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: CODES.required });
    }
  });

export const orderCreateSchema = z
  .object({
    memberId: refField(),
    shopId: refField().optional().openapi({ description: "Food: a shop of the member's area" }),
    items: z.array(orderItemSchema).max(50, 'outOfRange').optional(),
    deliveryFee: intField(0, 10_000_000).optional().openapi({
      description:
        'Ignored: the Platform API prices the delivery from the area\'s tables (docs/orders.md section 4, "Delivery pricing") and answers the fee in the order\'s detail. Accepted for apps that still send it',
    }),
    carrierId: refField().optional().openapi({
      description: "Marketplace orders: an open carrier of the member's area; its weight table prices the shipping (required there, refused elsewhere)",
    }),
    discount: intField(0, 100_000_000).optional(),
    voucherCode: voucherCodeField()
      .optional()
      .openapi({ description: 'A voucher the member typed: its rules are checked and its discount set on the order (not with `discount`)' }),
    paymentMethod: enumField(PAYMENT_METHODS),
    pickup: placeSchema.optional().openapi({ description: "Parcel: required; food: the shop's position when left out" }),
    dropoff: placeSchema,
    note: text(200).optional(),
    senderName: name50().optional(),
    senderPhone: phoneField().optional(),
    receiverName: name50().optional(),
    receiverPhone: phoneField().optional(),
    weightGram: intField(1, 1_000_000).optional(),
  })
  .openapi('OrderInput');

export const orderEventBodySchema = z
  .object({
    event: enumField(APP_EVENTS),
    bikerId: refField().optional().openapi({ description: 'The biker taking the order (`biker_receive_order`); the biker it was offered to accepts it so' }),
    note: text(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.event === 'biker_receive_order' && v.bikerId === undefined) ctx.addIssue({ code: 'custom', path: ['bikerId'], message: CODES.required });
  })
  .openapi('OrderEventInput');
export const cancelBodySchema = orderCancelSchema.openapi('OrderCancel');
export const bikerBodySchema = orderBikerSchema.openapi('OrderBiker');

export const statusQuerySchema = z
  .strictObject({ kind: z.enum(ORDER_KINDS).optional(), from: dayFilter(), to: dayFilter(), areaId: idFilter() })
  .superRefine(fromBeforeTo);
export const statusCountsSchema = orderStatusCountsSchema.openapi('OrderStatusCounts');
export const checkQuerySchema = z.strictObject({ q: z.string().trim().min(1).max(50).openapi({ description: "An order number or a member's phone" }) });

export const bikerItemSchema = contractBikerItem.openapi('Biker');

/** The board, from the contract (each order carries its `waiting` and `changeable` flags), its orders named once. */
const monitorOrderSchema = contractMonitorOrder.openapi('MonitorOrder');
export const monitorBoardSchema = contractMonitorBoard
  .extend({ bikers: z.array(contractMonitorBiker.extend({ tasks: z.array(monitorOrderSchema) })), waiting: z.array(monitorOrderSchema) })
  .openapi('MonitorBoard');
export const monitorQuerySchema = z.strictObject({ areaId: idFilter(), presence: z.enum(PRESENCES).optional() });
export const presenceBodySchema = z
  .object({
    presence: enumField(PRESENCES).optional(),
    lat: degreeField(90).optional(),
    lng: degreeField(180).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === undefined) !== (v.lng === undefined)) ctx.addIssue({ code: 'custom', path: [v.lat === undefined ? 'lat' : 'lng'], message: CODES.required });
    if (v.presence === undefined && v.lat === undefined && v.lng === undefined) ctx.addIssue({ code: 'custom', path: ['presence'], message: CODES.required });
  })
  .openapi('BikerReport');
export const assignBodySchema = z.object({ orderId: refField(), bikerId: refField() }).openapi('MonitorAssign');

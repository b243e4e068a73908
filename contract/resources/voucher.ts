import { z } from 'zod';
import { CODES } from '../codes';
import { boolField, dateField, enumField, intField, nameField, refField } from '../fields';
import { VOUCHER_AMOUNT_KINDS, VOUCHER_DISCOUNT_TYPES, VOUCHER_LIMIT_TYPES, VOUCHER_SOURCES } from '../lifecycle/privileges';
import { filter, PAGE_SIZES } from '../list';
import { defineResourceContract } from '../resource';

/** Basis points of a whole discount: a percent voucher takes at most 100 % (10 000). */
export const FULL_PERCENT = 10_000;

/** A voucher code as members type it: letters and digits, kept in upper case, at most 20 characters. */
export const voucherCodeField = () =>
  z
    .string({ error: () => CODES.required })
    .trim()
    .toUpperCase()
    .min(1, CODES.required)
    .max(20, CODES.outOfRange)
    .regex(/^[A-Z0-9]+$/, CODES.invalidVoucherCode);

/**
 * Vouchers (Privileges → Voucher, the spec's Coupon): codes members type at checkout. Each rule word means what
 * contract/lifecycle/privileges.ts says; `usedCount` is kept by the orders that use it.
 */
export const voucherContract = defineResourceContract({
  name: 'Voucher',
  noun: 'voucher',
  path: 'Voucher',
  scope: 'area',
  fields: {
    code: voucherCodeField(),
    title: nameField(100),
    amountKind: enumField(VOUCHER_AMOUNT_KINDS).default('fixed'),
    /** Satang for `fixed`, basis points for `percent` (at most FULL_PERCENT). */
    amount: intField(1, 100_000_000),
    /** Satang; 0: no cap. Only a percent voucher is capped. */
    maxDiscount: intField(0, 100_000_000).default(0),
    expireDate: dateField(),
    limitMax: intField(1, 1_000_000),
    perUser: intField(1, 1_000_000).default(1),
    /** Only this shop's orders (a shop of the voucher's area); null: any shop. */
    shopId: refField().nullable().default(null),
    typeOfDiscount: enumField(VOUCHER_DISCOUNT_TYPES).default('everyOrder'),
    limitAmountByOrder: intField(0, 100_000_000).default(0),
    typeLimitAmountByOrder: enumField(VOUCHER_LIMIT_TYPES).default('order_price'),
    source: enumField(VOUCHER_SOURCES).default('app'),
    active: boolField().default(true),
  },
  refine: (v, ctx) => {
    if (v.amountKind === 'percent' && typeof v.amount === 'number' && v.amount > FULL_PERCENT) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: CODES.outOfRange });
    }
    if (typeof v.perUser === 'number' && typeof v.limitMax === 'number' && v.perUser > v.limitMax) {
      ctx.addIssue({ code: 'custom', path: ['perUser'], message: CODES.outOfRange });
    }
    if (v.source === 'shop' && (v.shopId === null || v.shopId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['shopId'], message: CODES.required });
    }
  },
  sort: ['code', 'title', 'expireDate', 'usedCount', 'createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  search: ['code', 'title'],
  filters: { active: filter.bool(), source: filter.oneOf(VOUCHER_SOURCES), areaId: filter.ref() },
  itemFields: {
    shopId: z.coerce.string().nullable(),
    /** The shop's name, for the list and the form. */
    shopName: z.string().nullable(),
    /** Uses so far (read-only). */
    usedCount: z.number().int(),
  },
});

/** One use of a voucher, as the voucher's page lists it. */
export const voucherUseSchema = z.object({
  id: z.coerce.string(),
  orderId: z.coerce.string(),
  orderNo: z.string(),
  /** `food` or `parcel`: which orders list the order opens in. */
  kind: z.string(),
  memberId: z.coerce.string(),
  memberName: z.string(),
  shopId: z.coerce.string().nullable(),
  shopName: z.string().nullable(),
  /** Satang. */
  discount: z.number().int(),
  source: z.enum(VOUCHER_SOURCES),
  createdAt: z.string(),
});
export type VoucherUse = z.infer<typeof voucherUseSchema>;

/** What a voucher has cost: its uses, the discount they gave, and who paid it (satang). */
export const voucherUsesSummarySchema = z.object({
  uses: z.number().int(),
  totalDiscount: z.number().int(),
  paidByApp: z.number().int(),
  paidByShops: z.number().int(),
});
export type VoucherUsesSummary = z.infer<typeof voucherUsesSummarySchema>;

/** `GET …/Voucher/{id}/uses`: a page of uses, newest first. */
export const voucherUsesQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(10),
});

export const voucherUsesAnswerSchema = z.object({
  status: z.literal(true),
  data: z.array(voucherUseSchema),
  summary: voucherUsesSummarySchema,
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type VoucherUsesAnswer = z.infer<typeof voucherUsesAnswerSchema>;

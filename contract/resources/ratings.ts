import { z } from 'zod';
import { CODES } from '../codes';
import { intField, reasonField, refField, rowMetaSchema, textField } from '../fields';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

/** What a review is of: an order's shop or its biker. */
export const RATING_TARGETS = ['shop', 'biker'] as const;
export type RatingTarget = (typeof RATING_TARGETS)[number];
export const STAR_VALUES = ['1', '2', '3', '4', '5'] as const;

/**
 * A shop's or biker's reviews at a glance, over its visible reviews only: `average` is the mean stars with two
 * decimals as text (`"4.25"`, `"0.00"` without reviews), `distribution` how many reviews gave each star count.
 */
export const ratingSummarySchema = z.object({
  targetId: z.coerce.string(),
  targetName: z.string(),
  average: z.string(),
  count: z.number().int(),
  distribution: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** One review: its order, the member who wrote it, the shop or biker it is of; whether staff hid it, who, when, why. */
export const ratingItemSchema = rowMetaSchema.extend({
  target: z.enum(RATING_TARGETS),
  orderId: z.coerce.string(),
  orderNo: z.string(),
  memberId: z.coerce.string(),
  memberName: z.string(),
  shopId: z.coerce.string().nullish(),
  shopName: z.string().nullish(),
  bikerId: z.coerce.string().nullish(),
  bikerName: z.string().nullish(),
  /** The shop's or the biker's name, whichever the review is of. */
  targetName: z.string(),
  stars: z.number().int().min(1).max(5),
  comment: z.string(),
  hidden: z.boolean(),
  /** `hidden` or `visible`, for the list's badge. */
  visibility: z.enum(['visible', 'hidden']),
  hiddenReason: z.string().nullish(),
  hiddenBy: z.object({ uid: z.coerce.string(), displayName: z.string() }).nullish(),
  hiddenAt: z.string().nullish(),
  /** On the view (`GET {path}/{id}`) only: the shop's or biker's average and star distribution. */
  summary: ratingSummarySchema.nullish(),
});
export type RatingItem = z.infer<typeof ratingItemSchema>;

const SORT = ['createdAt', 'stars'] as const;
/** `?stars=5&hidden=true&shopId=…&bikerId=…&areaId=…&q=…` (q: member, shop or biker name, or the order number). */
export const ratingQuerySchema = listQuerySchema(SORT, {
  stars: filter.oneOf(STAR_VALUES),
  hidden: filter.bool(),
  shopId: filter.ref(),
  bikerId: filter.ref(),
  areaId: filter.ref(),
});

/** `POST {path}/{id}/hide`: why the review is hidden (1–200 characters). */
export const ratingHideSchema = z.object({
  reason: reasonField(),
});

/**
 * `POST /api/app/{service}/Review`: the member app rates a successful order's shop or biker, once per order and
 * target (a second rating of the same is 409 with the first).
 */
export const ratingSubmitSchema = z
  .object({
    orderNo: z.string().trim().min(1).max(40).optional(),
    orderId: refField().optional(),
    target: z.enum(RATING_TARGETS, { error: CODES.required }),
    stars: intField(1, 5),
    comment: textField(200).default(''),
  })
  .refine((v) => v.orderNo !== undefined || v.orderId !== undefined, { path: ['orderNo'], error: CODES.required });

/** `GET {path}/Summary`: a page of the shops' (or bikers') averages over their visible reviews, most reviewed first. */
export const ratingSummaryQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  areaId: filter.ref(),
  targetId: filter.ref(),
});

const schemas = {
  item: ratingItemSchema,
  query: ratingQuerySchema,
  hide: ratingHideSchema,
  summaryQuery: ratingSummaryQuerySchema,
};

const base = {
  scope: 'area',
  sort: SORT,
  defaultSort: { sort: 'createdAt', order: 'desc' },
  search: ['memberName', 'targetName', 'orderNo'],
  schemas,
} as const;

/**
 * Reviews of shops (`Review`; Marketplace also lists them as `ShopRating`, the same rows): read-only lists with hide
 * and unhide calls of their own (`POST {path}/{id}/hide {reason}`, `POST {path}/{id}/unhide`).
 */
export const shopRatingContract = { name: 'ShopRating', path: 'Review', aliases: ['ShopRating'], ...base } as const satisfies ResourceContractBase;

/** Reviews of bikers (`Review/Biker`), as the shops' reviews. */
export const bikerRatingContract = { name: 'BikerRating', path: 'Review/Biker', ...base } as const satisfies ResourceContractBase;

import { imageRefField } from '../images';
import { z } from 'zod';
import { CODES } from '../codes';
import { boolField, dateField, intField, nameField, refField, textField, updatedBySchema, versionField } from '../fields';
import { GIFT_KINDS, REDEMPTION_STATES } from '../lifecycle/privileges';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

/**
 * What Gift Voucher and Gift Reward share: the fields of a gift, the redemptions' list and its state change, and the
 * member app's calls. Both are rows of one table told apart by their kind; each contract is fixed to its own.
 */

/** Points a gift costs, and how many are left to redeem. */
export const GIFT_LIMITS = { pointsCost: [1, 1_000_000], stock: [0, 1_000_000] } as const;

/** The fields every gift has; `startsOn`/`endsOn` are the company's days, '' when open-ended. */
export const giftFields = {
  title: nameField(100),
  imageUrl: z.union([imageRefField(), z.literal('')]).default(''),
  detail: textField(2000).default(''),
  pointsCost: intField(...GIFT_LIMITS.pointsCost),
  stock: intField(...GIFT_LIMITS.stock),
  startsOn: z.union([dateField(), z.literal('')]).default(''),
  endsOn: z.union([dateField(), z.literal('')]).default(''),
  active: boolField(),
};

export const GIFT_SORT = ['title', 'pointsCost', 'stock', 'startsOn', 'createdAt'] as const;
export const giftFilters = { active: filter.bool(), areaId: filter.ref() };

/** A redemption's state change by staff: `delivered` once the member has the gift, `cancelled` gives the points back. */
export const REDEMPTION_CHANGES = ['delivered', 'cancelled'] as const;
export const redemptionChangeSchema = z.object({
  state: z.enum(REDEMPTION_CHANGES, { error: () => CODES.required }),
  version: versionField(),
});
export type RedemptionChange = z.infer<typeof redemptionChangeSchema>;

/** One redemption as the back-office lists it. */
export const redemptionSchema = z.object({
  id: z.coerce.string(),
  version: z.number().int(),
  giftId: z.coerce.string(),
  giftTitle: z.string(),
  kind: z.enum(GIFT_KINDS),
  memberId: z.coerce.string(),
  memberName: z.string(),
  memberPhone: z.string(),
  points: z.number().int(),
  state: z.enum(REDEMPTION_STATES),
  areaId: z.coerce.string(),
  areaName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: updatedBySchema.nullish(),
});
export type RedemptionItem = z.infer<typeof redemptionSchema>;

const day = filter.day;
/** `?state=&areaId=&giftId=&from=&to=&q=` (the company's days, both ends included; `q` matches the member or the gift). */
export const redemptionQuerySchema = listQuerySchema(['createdAt', 'points'], {
  state: filter.oneOf(REDEMPTION_STATES),
  areaId: filter.ref(),
  giftId: filter.ref(),
  from: day(),
  to: day(),
});
export type RedemptionQuery = z.infer<typeof redemptionQuerySchema>;

/** The redemptions of one kind of gift: listed, delivered and cancelled by staff of the screen. */
const redemptionsContractOf = <const N extends string, const P extends string>(name: N, path: P) =>
  ({
    name,
    path,
    scope: 'area',
    sort: ['createdAt', 'points'],
    defaultSort: { sort: 'createdAt', order: 'desc' },
    search: ['memberName', 'memberPhone', 'giftTitle'],
    schemas: { item: redemptionSchema, query: redemptionQuerySchema, change: redemptionChangeSchema },
  }) as const satisfies ResourceContractBase;

export const giftVoucherRedemptionContract = redemptionsContractOf('GiftVoucherRedemption', 'GiftVoucher/Redemptions');
export const giftRewardRedemptionContract = redemptionsContractOf('GiftRewardRedemption', 'GiftReward/Redemptions');

/** `POST /api/app/{service}/Gift/{id}/redeem`: the member, and a key made once per tap (the same key is the same redemption). */
export const redeemSchema = z.object({
  memberId: refField(),
  idempotencyKey: z.string({ error: CODES.required }).trim().min(1, CODES.required).max(100, CODES.tooLong100),
});
export type RedeemBody = z.infer<typeof redeemSchema>;

/** `GET /api/app/{service}/Gift?areaId=&kind=`: the gifts members of an area may redeem today. */
export const appGiftQuerySchema = z.object({ areaId: filter.ref().unwrap(), kind: filter.oneOf(GIFT_KINDS) });

/** A gift as the member app shows it. */
export const appGiftSchema = z.object({
  id: z.coerce.string(),
  kind: z.enum(GIFT_KINDS),
  title: z.string(),
  imageUrl: z.string(),
  detail: z.string(),
  pointsCost: z.number().int(),
  stock: z.number().int(),
  /** Satang: a gift voucher's worth; 0 for a reward. */
  value: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
});

/** A redemption as the member app gets it back: what was spent, and the member's points after it. */
export const appRedemptionSchema = z.object({
  id: z.coerce.string(),
  giftId: z.coerce.string(),
  kind: z.enum(GIFT_KINDS),
  memberId: z.coerce.string(),
  points: z.number().int(),
  state: z.enum(REDEMPTION_STATES),
  balance: z.number().int(),
  createdAt: z.string(),
});

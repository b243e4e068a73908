import { z } from 'zod';
import { CODES } from '../codes';
import { emailField, intField, nameField, phoneField, reasonField, refField, updatedBySchema } from '../fields';
import { POINT_MOVEMENT_KINDS } from '../lifecycle/privileges';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

/**
 * Members' points on the wire: the app's point rules (`Config/App`, Points; its contract is app-config.ts), every movement (`RewardPointHistory`,
 * `UsedPoints`, `TopupMemberPoints`), the referrals (`RewardInvite`), a grant by staff and the app channel's calls.
 * Points are whole numbers; a movement's amount is signed (negative for `USED`).
 */
export const POINT_RULE_LIMITS = {
  pointsPer100Baht: [0, 1000],
  registrationPoints: [0, 100_000],
  inviterPoints: [0, 100_000],
  inviteePoints: [0, 100_000],
} as const;
const rule = (name: keyof typeof POINT_RULE_LIMITS) => intField(...POINT_RULE_LIMITS[name]);

/** The Points group of the app's settings. */
export const pointRuleFields = {
  /** Points per whole 100 baht of an order's items, granted when the order succeeds. */
  pointsPer100Baht: rule('pointsPer100Baht'),
  /** Points a new member gets on signing up in the app. */
  registrationPoints: rule('registrationPoints'),
  /** Points the member who invited a new member gets. */
  inviterPoints: rule('inviterPoints'),
  /** Points the invited new member gets. */
  inviteePoints: rule('inviteePoints'),
};
export type PointRules = { [K in keyof typeof pointRuleFields]: number };

const day = filter.day;

/** One movement of a member's points. */
export const pointMovementSchema = z.object({
  id: z.coerce.string(),
  memberId: z.coerce.string(),
  memberName: z.string(),
  memberPhone: z.string(),
  areaId: z.coerce.string(),
  areaName: z.string(),
  source: z.enum(POINT_MOVEMENT_KINDS),
  /** Signed: what it added to the balance. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  orderId: z.coerce.string().nullable(),
  orderNo: z.string().nullable(),
  reason: z.string(),
  /** The order number or the reason, whichever the movement has. */
  detail: z.string(),
  createdBy: updatedBySchema.nullable(),
  createdAt: z.string(),
});
export type PointMovementItem = z.infer<typeof pointMovementSchema>;

const MOVEMENT_SORT = ['createdAt'] as const;
/** `?source=&areaId=&from=&to=&phone=&memberId=` (the company's days, Setting/System's time zone, both ends included). */
export const pointMovementQuerySchema = listQuerySchema(MOVEMENT_SORT, {
  source: filter.oneOf(POINT_MOVEMENT_KINDS),
  areaId: filter.ref(),
  memberId: filter.ref(),
  phone: z.string().trim().max(20).optional(),
  from: day(),
  to: day(),
});
export type PointMovementQuery = z.infer<typeof pointMovementQuerySchema>;

/**
 * `POST {path}` of the points history (and Marketplace's TopupMemberPoints): staff give a member points (`FROM_APP`)
 * with a reason. The key is made once per dialog, so the same grant sent twice is one grant.
 */
export const pointGrantSchema = z.object({
  memberId: refField(),
  amount: intField(1, 1_000_000),
  reason: reasonField(),
  idempotencyKey: z.string({ error: CODES.required }).trim().min(1, CODES.required).max(100, CODES.tooLong100),
});
export type PointGrant = z.infer<typeof pointGrantSchema>;

const movementBase = {
  scope: 'area',
  sort: MOVEMENT_SORT,
  defaultSort: { sort: 'createdAt', order: 'desc' },
  search: [],
} as const;

/** Every movement of the app's members' points, newest first; staff grant points here. */
export const pointHistoryContract = {
  name: 'RewardPointHistory',
  path: 'RewardPointHistory',
  ...movementBase,
  schemas: { item: pointMovementSchema, query: pointMovementQuerySchema, grant: pointGrantSchema },
} as const satisfies ResourceContractBase;

/** The points members spent (`USED` movements only). */
export const usedPointsContract = {
  name: 'UsedPoints',
  path: 'UsedPoints',
  ...movementBase,
  schemas: { item: pointMovementSchema, query: pointMovementQuerySchema },
} as const satisfies ResourceContractBase;

/** The points staff gave (`FROM_APP` movements), with Top up points. */
export const topupPointsContract = {
  name: 'TopupMemberPoints',
  path: 'TopupMemberPoints',
  ...movementBase,
  schemas: { item: pointMovementSchema, query: pointMovementQuerySchema, grant: pointGrantSchema },
} as const satisfies ResourceContractBase;

/** `GET {path}/members?q=`: members to give points to, by the start of their phone or a part of their name. */
export const pointMemberQuerySchema = z.strictObject({ q: z.string().trim().min(1).max(50) });
export const pointMemberSchema = z.object({
  id: z.coerce.string(),
  name: z.string(),
  phone: z.string(),
  areaName: z.string(),
  balance: z.number().int(),
});
export type PointMember = z.infer<typeof pointMemberSchema>;

/** Who invited whom, and the points each got. */
export const referralSchema = z.object({
  id: z.coerce.string(),
  areaId: z.coerce.string(),
  areaName: z.string(),
  inviterId: z.coerce.string(),
  inviterName: z.string(),
  inviterPhone: z.string(),
  inviteeId: z.coerce.string(),
  inviteeName: z.string(),
  inviteePhone: z.string(),
  inviterPoints: z.number().int(),
  inviteePoints: z.number().int(),
  createdAt: z.string(),
});
export type ReferralItem = z.infer<typeof referralSchema>;
export const referralQuerySchema = listQuerySchema(['createdAt'], { areaId: filter.ref(), from: day(), to: day() });
export type ReferralQuery = z.infer<typeof referralQuerySchema>;

export const referralContract = {
  name: 'RewardInvite',
  path: 'RewardInvite',
  scope: 'area',
  sort: ['createdAt'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
  search: [],
  schemas: { item: referralSchema, query: referralQuerySchema },
} as const satisfies ResourceContractBase;

/**
 * `POST /api/app/{service}/Members`: a member signs up in the member app; `referral` names who invited them (the
 * inviter's phone or id). The registration and referral points are granted once, with the member.
 */
export const memberSignUpSchema = z.object({
  name: nameField(100),
  phone: phoneField(),
  email: emailField().optional(),
  areaId: refField(),
  referral: z.string().trim().max(40).optional(),
});
export type MemberSignUp = z.infer<typeof memberSignUpSchema>;
export const memberSignUpAnswerSchema = z.object({
  memberId: z.coerce.string(),
  balance: z.number().int(),
  movements: z.array(pointMovementSchema),
  referralId: z.coerce.string().nullable(),
});

/** `POST /api/app/{service}/Points`: a shop (its QR code or its own grant) gives a member points, once per key. */
export const shopPointsSchema = z.object({
  memberId: refField(),
  amount: intField(1, 100_000),
  source: z.enum(['FROM_QRCODE', 'FROM_SHOP'], { error: CODES.required }),
  shopId: refField(),
  idempotencyKey: z.string({ error: CODES.required }).trim().min(1, CODES.required).max(100, CODES.tooLong100),
});
export type ShopPoints = z.infer<typeof shopPointsSchema>;

/** On the member's page: their points, latest movements and the vouchers they used. */
export const memberPointsSchema = z.object({
  balance: z.number().int(),
  movements: z.object({ rows: z.array(pointMovementSchema), total: z.number().int() }),
  vouchers: z.array(
    z.object({
      id: z.coerce.string(),
      code: z.string(),
      orderId: z.coerce.string().nullable(),
      orderNo: z.string().nullable(),
      discount: z.number().int(),
      usedAt: z.string(),
    }),
  ),
});
export type MemberPoints = z.infer<typeof memberPointsSchema>;

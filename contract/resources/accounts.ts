import { z } from 'zod';
import { CODES } from '../codes';
import { idText, reasonField, versionField } from '../fields';
import { ORDER_KINDS, ORDER_STATUSES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../lifecycle/orders';
import { SHOP_STATUSES, type ShopStatus } from '../lifecycle/shops';
import { currentPackageFields } from './shop';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';
import { BIKER_ACCOUNT_STATUSES, PRESENCES, bikerItemSchema } from './monitor';
import { memberPointsSchema } from './points';

/**
 * The people every order joins, as the back-office sees them: members (`/Members`, admins only) and bikers
 * (`/Member/Biker`). Both are read here, with their orders, wallet, ratings and status history; the one write is a
 * status change with a reason (suspend, reactivate), recorded with who and when. Ids travel as strings, money in satang.
 */
export const ACCOUNT_STATUSES = SHOP_STATUSES;
export type AccountStatus = ShopStatus;

/** The statuses the back-office may move an account to from each status (close is the apps' own, never set here). */
export const ACCOUNT_TRANSITIONS: Record<AccountStatus, readonly AccountStatus[]> = {
  pending: ['active', 'suspended'],
  active: ['suspended'],
  suspended: ['active'],
  close: [],
};
export const accountTransitions = (from: string): readonly AccountStatus[] => ACCOUNT_TRANSITIONS[from as AccountStatus] ?? [];

/** `PATCH {path}/{id}/status`: the new status, why, and the version last read. */
export const accountStatusBodySchema = z.object({
  status: z.enum(['active', 'suspended'], { error: CODES.required }),
  reason: reasonField(),
  version: versionField(),
});
export type AccountStatusBody = z.infer<typeof accountStatusBodySchema>;

export const statusChangeSchema = z.object({
  id: z.coerce.string(),
  fromStatus: z.enum(ACCOUNT_STATUSES),
  toStatus: z.enum(ACCOUNT_STATUSES),
  reason: z.string(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});

const orderLineSchema = z.object({
  id: z.coerce.string(),
  orderNo: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int(),
  shopName: z.string().nullable(),
  createdAt: z.string(),
});

const walletSchema = z.object({
  balance: z.number().int(),
  transactions: z.array(
    z.object({
      id: z.coerce.string(),
      type: z.enum(TRANSACTION_TYPES),
      status: z.enum(TRANSACTION_STATUSES),
      amount: z.number().int(),
      orderNo: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

const ratingLineSchema = z.object({
  id: z.coerce.string(),
  target: z.enum(['shop', 'biker']),
  stars: z.number().int(),
  comment: z.string(),
  hidden: z.boolean(),
  orderNo: z.string(),
  /** The shop or biker rated (for a member), or the member who rated (for a biker). */
  name: z.string(),
  createdAt: z.string(),
});

const accountBase = {
  id: z.coerce.string(),
  name: z.string(),
  phone: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  areaId: z.coerce.string(),
  areaName: z.string(),
  createdAt: z.string(),
  version: z.number().int(),
};

export const memberItemSchema = z.object({
  ...accountBase,
  email: z.string(),
  /** The photo the member set in the app: an image key (contract/images.ts), '' when none. */
  photo: z.string(),
});
export type MemberItem = z.infer<typeof memberItemSchema>;

/** `GET Members/{id}`: the member and what the view page shows beside them. */
export const memberDetailSchema = z.object({
  member: memberItemSchema,
  addresses: z.array(z.object({ id: z.coerce.string(), label: z.string(), address: z.string() })),
  /** The member's latest orders (up to 20) and how many there are in all. */
  orders: z.object({ rows: z.array(orderLineSchema), total: z.number().int() }),
  /** Null when the member has no wallet in the app. */
  wallet: walletSchema.nullable(),
  /** The latest ratings the member gave (up to 20). */
  ratings: z.array(ratingLineSchema),
  statusHistory: z.array(statusChangeSchema),
  /** The member's points balance, latest movements and the vouchers they used. */
  points: memberPointsSchema,
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const memberContract = {
  name: 'Member',
  path: 'Members',
  scope: 'area',
  sort: ['name', 'createdAt'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
  search: ['name', 'phone', 'email'],
  schemas: {
    item: memberItemSchema,
    query: listQuerySchema(['name', 'createdAt'], { status: filter.oneOf(ACCOUNT_STATUSES), areaId: filter.ref() }),
    status: accountStatusBodySchema,
  },
} as const satisfies ResourceContractBase;

/** A biker of the list: the monitor's biker (presence, position) and their account. */
export const bikerAccountSchema = bikerItemSchema.extend({
  createdAt: z.string(),
  version: z.number().int(),
  vehicle: z.string(),
  plate: z.string(),
  packageId: z.coerce.string().nullable(),
  packageName: z.string().nullable(),
  ...currentPackageFields,
  /** Visible ratings: the average to two decimals as text ("4.25"), null without any. */
  rating: z.string().nullable(),
  ratingCount: z.number().int(),
});
export type BikerAccount = z.infer<typeof bikerAccountSchema>;

/** `GET Member/Biker/{id}`: the biker and what the view page shows beside them. */
export const bikerDetailSchema = z.object({
  biker: bikerAccountSchema,
  /** The biker's open tasks and latest orders (up to 20), and how many there are in all. */
  orders: z.object({ rows: z.array(orderLineSchema), total: z.number().int() }),
  /** Satang the biker earned (their wallet's order credits) over the successful orders, and how many. */
  earnings: z.object({ total: z.number().int(), orders: z.number().int() }),
  wallet: walletSchema.nullable(),
  /** Stars 1 to 5: how many visible ratings gave each. */
  distribution: z.array(z.number().int()).length(5),
  /** The papers of the registration the biker was approved from (none for a biker added otherwise). */
  documents: z.array(z.object({ kind: z.string(), url: z.string() })),
  ratings: z.array(ratingLineSchema),
  statusHistory: z.array(statusChangeSchema),
});
export type BikerDetail = z.infer<typeof bikerDetailSchema>;

/** `PUT Member/Biker/{id}/package`: the package a biker is on ('Please Select Package and Select Biker'). */
export const bikerPackageAssignSchema = z.object({
  packageId: idText('required'),
  version: versionField(),
});

export const bikerAccountContract = {
  name: 'BikerAccount',
  path: 'Member/Biker',
  scope: 'area',
  sort: ['name', 'createdAt'],
  defaultSort: { sort: 'name', order: 'asc' },
  search: ['name', 'phone', 'plate'],
  schemas: {
    item: bikerAccountSchema,
    query: listQuerySchema(['name', 'createdAt'], {
      status: filter.oneOf(BIKER_ACCOUNT_STATUSES),
      presence: filter.oneOf(PRESENCES),
      areaId: filter.ref(),
      packageId: filter.ref(),
    }),
    status: accountStatusBodySchema,
  },
} as const satisfies ResourceContractBase;

import { z } from 'zod';
import { ORDER_KINDS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../lifecycle/orders';
import { CODES } from '../codes';
import { intField, refField } from '../fields';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';
import { WALLET_OWNERS } from './orders';

/**
 * Wallet Monitoring and Wallet Balance: the ledger's transactions and wallets, read per owner type (the menus
 * `Wallet/{Admin|Member|Shop|Biker}` and `Wallet/Balance/…`). Amounts are signed satang as the ledger keeps them
 * (what a transaction adds to its wallet); a wallet's balance is the sum of its Success transactions.
 */
export type WalletOwnerType = (typeof WALLET_OWNERS)[number];
/** The menu word of each owner type (`/Wallet/Member`). */
export const WALLET_MENUS = { admin: 'Admin', member: 'Member', shop: 'Shop', biker: 'Biker' } as const satisfies Record<WalletOwnerType, string>;
export const ownerOfMenu = (menu: string): WalletOwnerType | null =>
  (Object.entries(WALLET_MENUS).find(([, m]) => m === menu)?.[0] as WalletOwnerType | undefined) ?? null;

const day = filter.day;

export const walletTransactionSchema = z.object({
  id: z.coerce.string(),
  walletId: z.coerce.string(),
  ownerType: z.enum(WALLET_OWNERS),
  ownerId: z.coerce.string(),
  ownerName: z.string(),
  areaId: z.coerce.string().nullable(),
  areaName: z.string().nullable(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number().int(),
  orderId: z.coerce.string().nullable(),
  orderNo: z.string().nullable(),
  orderKind: z.enum(ORDER_KINDS).nullable(),
  note: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.object({ uid: z.coerce.string(), displayName: z.string() }).nullable(),
  /**
   * A pending transaction an operator rejected (its `cancel` transaction carries the reason): `confirmedAt` and
   * `confirmedBy` then say when and by whom it was rejected.
   */
  rejected: z.boolean(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletTransactionQuerySchema = listQuerySchema(['createdAt', 'amount'], {
  type: filter.oneOf(TRANSACTION_TYPES),
  status: filter.oneOf(TRANSACTION_STATUSES),
  from: day(),
  to: day(),
  areaId: filter.ref(),
  walletId: filter.ref(),
});

export const walletBalanceSchema = z.object({
  id: z.coerce.string(),
  ownerType: z.enum(WALLET_OWNERS),
  ownerId: z.coerce.string(),
  ownerName: z.string(),
  areaId: z.coerce.string().nullable(),
  areaName: z.string().nullable(),
  balance: z.number().int(),
  /** Sum of the wallet's Pending transactions (withdrawals waiting, deposits not yet confirmed). */
  pending: z.number().int(),
  transactions: z.number().int(),
  updatedAt: z.string(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const walletBalanceQuerySchema = listQuerySchema(['balance', 'ownerName', 'updatedAt'], { areaId: filter.ref() });

/** The list paths below `Wallet/` of every owner type, the admin's first (`Admin`, `Member`, …). */
const walletPaths = <const P extends string>(prefix: P) => {
  const [first, ...rest] = (Object.keys(WALLET_MENUS) as WalletOwnerType[]).map((owner) => `${prefix}${WALLET_MENUS[owner]}` as const);
  return { path: first!, parts: rest };
};

/**
 * Wallet Monitoring: the ledger's transactions, one list per owner type (`Wallet/{Menu}`, each under its own
 * permission), read-only; a Pending one is confirmed by `PATCH {path}/{id}/confirm`, and each list serves
 * `{path}/export`, the CSV of its query. Nothing of a row is searched.
 */
export const walletTransactionContract = {
  name: 'WalletTransaction',
  ...walletPaths('Wallet/'),
  scope: 'area',
  sort: ['createdAt', 'amount'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
  search: [],
  schemas: { item: walletTransactionSchema, query: walletTransactionQuerySchema },
} as const satisfies ResourceContractBase;

/** Wallet Balance: the wallets of each owner type (`Wallet/Balance/{Menu}`), searched by their owner's name. */
export const walletBalanceContract = {
  name: 'WalletBalance',
  ...walletPaths('Wallet/Balance/'),
  scope: 'area',
  sort: ['balance', 'ownerName', 'updatedAt'],
  defaultSort: { sort: 'balance', order: 'desc' },
  search: ['ownerName'],
  schemas: { item: walletBalanceSchema, query: walletBalanceQuerySchema },
} as const satisfies ResourceContractBase;

/** `GET …/Wallet/Balance/wallet/{ref}/check`: the balance against the sum of the wallet's Success transactions. */
export const walletCheckSchema = z.object({ walletId: z.coerce.string(), balance: z.number().int(), successSum: z.number().int(), matches: z.boolean() });

/**
 * `POST /api/app/{service}/Wallet/withdraw`: a member, shop or biker asks (through their app) to take money out. The
 * amount is held at once as a Pending withdrawal that staff confirm; the key makes a repeated request one request.
 */
export const withdrawalRequestSchema = z.object({
  ownerType: z.enum(['member', 'shop', 'biker']),
  ownerId: refField(),
  amount: intField(1, Number.MAX_SAFE_INTEGER),
  key: z.string({ error: CODES.required }).trim().min(1, CODES.required).max(100, CODES.tooLong100),
});

import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { commissionConfigs, ledgerOperations, wallets, walletTransactions, type TransactionStatus, type TransactionType, type WalletOwner } from '../db/schema';
import type { VoucherSource } from '@contract/lifecycle';
import { ApiError, invalid, MESSAGES, notFoundData } from '../kit/errors';

/**
 * The ledger of docs/orders.md section 2. A money movement is an operation with an idempotency key (unique per
 * company) whose legs are wallet transactions; it is applied inside the caller's database transaction, once.
 */
type Conn = Db | Tx;

export interface CommissionRates {
  /** Basis points of the items the app keeps. */
  shopCommission: number;
  /** Basis points of the delivery fee the app keeps. */
  bikerCommission: number;
}
export const DEFAULT_RATES: CommissionRates = { shopCommission: 1500, bikerCommission: 2000 };

export interface Shares {
  app: number;
  shop: number;
  biker: number;
}

/**
 * The split at success: shop and biker keep their part minus the app's commission; the app carries the discount, or
 * the shop does for a shop's voucher (`discountSource` `shop`).
 */
export function splitOrder(itemsTotal: number, deliveryFee: number, discount: number, rates: CommissionRates, discountSource: VoucherSource = 'app'): Shares {
  const total = itemsTotal + deliveryFee - discount;
  const shop = itemsTotal - Math.floor((itemsTotal * rates.shopCommission) / 10_000) - (discountSource === 'shop' ? discount : 0);
  const biker = deliveryFee - Math.floor((deliveryFee * rates.bikerCommission) / 10_000);
  return { app: total - shop - biker, shop, biker };
}

/** The app's rates (`commission_configs`), or the defaults when it has none. */
export async function commissionRates(db: Conn, appId: number): Promise<CommissionRates> {
  const [row] = await db
    .select({ shopCommission: commissionConfigs.shopCommission, bikerCommission: commissionConfigs.bikerCommission })
    .from(commissionConfigs)
    .where(eq(commissionConfigs.appId, appId))
    .limit(1);
  return row ?? DEFAULT_RATES;
}

export interface WalletPlace {
  companyId: number;
  appId: number;
}
export interface WalletOwnerRef {
  type: WalletOwner;
  /** 0 for the platform. */
  id: number;
  /** Null for the platform. */
  areaId: number | null;
}
export const PLATFORM: WalletOwnerRef = { type: 'admin', id: 0, areaId: null };
export type WalletRow = typeof wallets.$inferSelect;

const findWallet = (db: Conn, place: WalletPlace, owner: WalletOwnerRef) =>
  db
    .select()
    .from(wallets)
    .where(and(eq(wallets.appId, place.appId), eq(wallets.ownerType, owner.type), eq(wallets.ownerId, owner.id)))
    .limit(1);

/** The owner's wallet in the app, opened (balance 0) on first use; bikers' may go below zero. */
export async function getOrCreateWallet(db: Conn, place: WalletPlace, owner: WalletOwnerRef, now: Date = new Date()): Promise<WalletRow> {
  const [found] = await findWallet(db, place, owner);
  if (found) return found;
  const [made] = await db
    .insert(wallets)
    .values({
      companyId: place.companyId,
      appId: place.appId,
      areaId: owner.areaId,
      ownerType: owner.type,
      ownerId: owner.id,
      allowNegative: owner.type === 'biker',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [wallets.appId, wallets.ownerType, wallets.ownerId] })
    .returning();
  return made ?? (await findWallet(db, place, owner))[0]!;
}

export type OperationKind = 'pay' | 'settle' | 'refund' | 'deposit' | 'withdraw' | 'confirm' | 'cancel' | 'bonus' | 'create' | 'package' | 'correction';
export interface Leg {
  owner: WalletOwnerRef;
  type: TransactionType;
  /** Signed satang: what the leg adds to the balance. */
  amount: number;
  /** A pending leg (a withdrawal request) enters the balance only when confirmed. */
  pending?: boolean;
  /**
   * The debit may take its wallet below zero whatever the wallet allows (a shop's package charge: the shop owes the
   * platform until its payouts cover it). A wallet whose every debit in the operation says so is not checked.
   */
  overdraft?: boolean;
  note?: string;
}
export interface OperationInput {
  place: WalletPlace;
  key: string;
  kind: OperationKind;
  orderId?: number | null;
  legs: Leg[];
}
export type LedgerTransaction = typeof walletTransactions.$inferSelect;
export interface OperationResult {
  operationId: number;
  key: string;
  kind: string;
  /** False when the key had been applied before: nothing changed and the first result is answered. */
  applied: boolean;
  transactions: LedgerTransaction[];
}

/** Records the operation's key; `fresh` is false when the key exists (then it waits for and reads the first one). */
async function claim(tx: Conn, companyId: number, key: string, kind: OperationKind, orderId: number | null, now: Date) {
  const [made] = await tx
    .insert(ledgerOperations)
    .values({ companyId, idempotencyKey: key, kind, orderId, createdAt: now })
    .onConflictDoNothing({ target: [ledgerOperations.companyId, ledgerOperations.idempotencyKey] })
    .returning({ id: ledgerOperations.id });
  if (made) return { id: made.id, fresh: true };
  const [found] = await tx
    .select({ id: ledgerOperations.id })
    .from(ledgerOperations)
    .where(and(eq(ledgerOperations.companyId, companyId), eq(ledgerOperations.idempotencyKey, key)))
    .limit(1);
  return { id: found!.id, fresh: false };
}

/** The first result of an operation: its own legs, and for a confirm or cancel the pending transaction it settled. */
async function resultOf(tx: Conn, operationId: number, key: string, kind: string, applied: boolean): Promise<OperationResult> {
  const settled = /^(?:confirm|cancel):(\d+)$/.exec(key);
  const rows = await tx
    .select()
    .from(walletTransactions)
    .where(
      settled
        ? sql`${walletTransactions.operationId} = ${operationId} OR ${walletTransactions.id} = ${Number(settled[1])}`
        : eq(walletTransactions.operationId, operationId),
    )
    .orderBy(asc(walletTransactions.id));
  return { operationId, key, kind, applied, transactions: rows };
}

/** Wallet rows locked in id order, so concurrent operations cannot deadlock or overdraw. */
async function lockWallets(tx: Conn, ids: number[]): Promise<WalletRow[]> {
  return tx.select().from(wallets).where(inArray(wallets.id, ids)).orderBy(asc(wallets.id)).for('update');
}

/** Sum of the wallet's pending debits (withdrawal requests not yet confirmed or cancelled). */
async function pendingDebits(tx: Conn, walletId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string | null>`sum(${walletTransactions.amount})` })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.walletId, walletId), eq(walletTransactions.status, 'Pending'), lt(walletTransactions.amount, 0)));
  return Number(row?.n ?? 0);
}

/**
 * A debit must leave balance − pending debits ≥ 0: always for a new pending debit (a withdrawal needs the money),
 * and for any debit on a wallet that may not go negative.
 */
async function checkFunds(tx: Conn, wallet: WalletRow, successChange: number, pendingChange: number): Promise<void> {
  if (pendingChange >= 0 && (wallet.allowNegative || successChange >= 0)) return;
  const available = wallet.balance + successChange + (await pendingDebits(tx, wallet.id)) + Math.min(pendingChange, 0);
  if (available < 0) throw new ApiError(409, MESSAGES.insufficientBalance);
}

const ownerKey = (o: WalletOwnerRef) => `${o.type}:${o.id}`;

/**
 * Whether a replayed key asks for what its first use did (the same app, owners, types and amounts). A key reused for
 * another movement is refused rather than answered with the first result, so a second, different movement is never
 * silently dropped.
 */
async function sameMovement(tx: Conn, input: OperationInput, first: LedgerTransaction[]): Promise<boolean> {
  const asked = input.legs
    .filter((leg) => leg.amount !== 0)
    .map((leg) => `${input.place.appId}:${ownerKey(leg.owner)}:${leg.type}:${leg.amount}`)
    .sort();
  const ids = [...new Set(first.map((t) => t.walletId))];
  const owners = ids.length
    ? await tx.select({ id: wallets.id, appId: wallets.appId, type: wallets.ownerType, ownerId: wallets.ownerId }).from(wallets).where(inArray(wallets.id, ids))
    : [];
  const byId = new Map(owners.map((w) => [w.id, w]));
  const done = first
    .map((t) => {
      const w = byId.get(t.walletId)!;
      return `${w.appId}:${w.type}:${w.ownerId}:${t.type}:${t.amount}`;
    })
    .sort();
  return asked.length === done.length && asked.every((leg, i) => leg === done[i]);
}

/**
 * Applies an operation in the caller's transaction: the key first (a replay answers the first result and changes
 * nothing; a key reused for another movement is 409 `IDEMPOTENCY_KEY_REUSED`), then the wallets (opened in a fixed order, locked in id order), the balance checks, the transactions
 * and the new balances. Legs of amount 0 are left out.
 */
export async function applyOperation(tx: Conn, input: OperationInput, now: Date): Promise<OperationResult> {
  const { place } = input;
  const claimed = await claim(tx, place.companyId, input.key, input.kind, input.orderId ?? null, now);
  if (!claimed.fresh) {
    const first = await resultOf(tx, claimed.id, input.key, input.kind, false);
    if (!(await sameMovement(tx, input, first.transactions))) throw new ApiError(409, MESSAGES.idempotencyKeyReused);
    return first;
  }
  const legs = input.legs.filter((leg) => leg.amount !== 0);
  for (const leg of legs) if (!Number.isSafeInteger(leg.amount)) throw invalid({ amount: ['integer'] });

  const owners = [...new Map(legs.map((leg) => [ownerKey(leg.owner), leg.owner])).values()].sort((a, b) => a.type.localeCompare(b.type) || a.id - b.id);
  const walletOf = new Map<string, number>();
  for (const owner of owners) walletOf.set(ownerKey(owner), (await getOrCreateWallet(tx, place, owner, now)).id);
  const locked = await lockWallets(tx, [...walletOf.values()]);

  const rows = legs.map((leg) => ({
    walletId: walletOf.get(ownerKey(leg.owner))!,
    operationId: claimed.id,
    type: leg.type,
    status: (leg.pending ? 'Pending' : 'Success') as TransactionStatus,
    amount: leg.amount,
    orderId: input.orderId ?? null,
    note: leg.note ?? '',
    createdAt: now,
    confirmedAt: leg.pending ? null : now,
  }));
  const checked = new Set(legs.filter((leg) => leg.amount < 0 && !leg.overdraft).map((leg) => walletOf.get(ownerKey(leg.owner))));
  for (const wallet of locked) {
    const mine = rows.filter((r) => r.walletId === wallet.id);
    const success = mine.filter((r) => r.status === 'Success').reduce((sum, r) => sum + r.amount, 0);
    const pending = mine.filter((r) => r.status === 'Pending').reduce((sum, r) => sum + r.amount, 0);
    if (checked.has(wallet.id) || !mine.some((r) => r.amount < 0)) await checkFunds(tx, wallet, success, pending);
    if (success !== 0) {
      await tx
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + ${success}`, version: sql`${wallets.version} + 1`, updatedAt: now })
        .where(eq(wallets.id, wallet.id));
    }
  }
  const transactions = rows.length ? await tx.insert(walletTransactions).values(rows).returning() : [];
  return { operationId: claimed.id, key: input.key, kind: input.kind, applied: true, transactions };
}

/**
 * Confirms (`confirm:{id}`: it enters the balance) or cancels (`cancel:{id}`: it enters the balance and a `cancel`
 * transaction of the opposite amount is added, noted with `note` when given, else the pending one's note) a pending
 * transaction of the company.
 */
export async function settlePending(
  tx: Conn,
  companyId: number,
  transactionId: number,
  action: 'confirm' | 'cancel',
  now: Date,
  by: number | null = null,
  note?: string,
): Promise<OperationResult> {
  const key = `${action}:${transactionId}`;
  const [target] = await tx
    .select({ walletId: walletTransactions.walletId, orderId: walletTransactions.orderId })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .where(and(eq(walletTransactions.id, transactionId), eq(wallets.companyId, companyId)))
    .limit(1);
  if (!target) throw notFoundData();
  const claimed = await claim(tx, companyId, key, action, target.orderId, now);
  if (!claimed.fresh) return resultOf(tx, claimed.id, key, action, false);
  const [wallet] = await lockWallets(tx, [target.walletId]);
  const [pending] = await tx.select().from(walletTransactions).where(eq(walletTransactions.id, transactionId)).limit(1);
  if (!wallet || !pending || pending.status !== 'Pending') throw new ApiError(409, MESSAGES.notPending);

  await tx.update(walletTransactions).set({ status: 'Success', confirmedAt: now, confirmedBy: by }).where(eq(walletTransactions.id, transactionId));
  if (action === 'cancel') {
    await tx.insert(walletTransactions).values({
      walletId: wallet.id,
      operationId: claimed.id,
      type: 'cancel',
      status: 'Success',
      amount: -pending.amount,
      orderId: pending.orderId,
      note: note ?? pending.note,
      createdAt: now,
      confirmedAt: now,
    });
  } else {
    // Money leaves for real: the wallet must still cover it, with the other pending debits, whatever it allows
    // otherwise (a biker who has since settled cash orders may owe more than the withdrawal). Its own pending debit
    // no longer counts as pending once confirmed.
    if (pending.amount < 0 && wallet.balance + pending.amount + (await pendingDebits(tx, wallet.id)) < 0) {
      throw new ApiError(409, MESSAGES.insufficientBalance);
    }
    await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + ${pending.amount}`, version: sql`${wallets.version} + 1`, updatedAt: now })
      .where(eq(wallets.id, wallet.id));
  }
  return resultOf(tx, claimed.id, key, action, true);
}

/** Runs `work` in a transaction of its own, or inside the caller's when given one. */
const inTransaction = <T>(db: Conn, work: (tx: Conn) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx));

function positive(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw invalid({ amount: ['outOfRange'] });
  return amount;
}

/** `deposit:{key}`: money in from outside. */
export const deposit = (db: Conn, place: WalletPlace, owner: WalletOwnerRef, amount: number, key: string, now: Date) =>
  inTransaction(db, (tx) =>
    applyOperation(tx, { place, key: `deposit:${key}`, kind: 'deposit', legs: [{ owner, type: 'deposit', amount: positive(amount) }] }, now),
  );

/** `withdraw:{key}`: a pending withdrawal; it counts against the balance at once and leaves it when confirmed. */
export const requestWithdrawal = (db: Conn, place: WalletPlace, owner: WalletOwnerRef, amount: number, key: string, now: Date) =>
  inTransaction(db, (tx) =>
    applyOperation(
      tx,
      {
        place,
        key: `withdraw:${key}`,
        kind: 'withdraw',
        legs: [{ owner, type: 'withdraw', amount: -positive(amount), pending: true }],
      },
      now,
    ),
  );

/** `deposit-request:{key}`: a deposit waiting for staff to confirm it; it enters the balance when confirmed. */
export const requestDeposit = (db: Conn, place: WalletPlace, owner: WalletOwnerRef, amount: number, key: string, now: Date) =>
  inTransaction(db, (tx) =>
    applyOperation(
      tx,
      { place, key: `deposit-request:${key}`, kind: 'deposit', legs: [{ owner, type: 'deposit', amount: positive(amount), pending: true }] },
      now,
    ),
  );

/** `bonus:{key}`: from the platform's wallet to the owner's. */
export const bonus = (db: Conn, place: WalletPlace, owner: WalletOwnerRef, amount: number, key: string, now: Date) =>
  inTransaction(db, (tx) =>
    applyOperation(
      tx,
      {
        place,
        key: `bonus:${key}`,
        kind: 'bonus',
        legs: [
          { owner: PLATFORM, type: 'bonus', amount: -positive(amount) },
          { owner, type: 'bonus', amount: positive(amount) },
        ],
      },
      now,
    ),
  );

/** `create:{wallet id}`: opens the owner's wallet with a starting balance (once per wallet). */
export const createWallet = (db: Conn, place: WalletPlace, owner: WalletOwnerRef, amount: number, now: Date) =>
  inTransaction(db, async (tx) => {
    const wallet = await getOrCreateWallet(tx, place, owner, now);
    const legs: Leg[] = amount === 0 ? [] : [{ owner, type: 'create', amount: positive(amount) }];
    return { wallet, result: await applyOperation(tx, { place, key: `create:${wallet.id}`, kind: 'create', legs }, now) };
  });

export const confirmTransaction = (db: Conn, companyId: number, transactionId: number, now: Date, by: number | null = null) =>
  inTransaction(db, (tx) => settlePending(tx, companyId, transactionId, 'confirm', now, by));

export const cancelTransaction = (db: Conn, companyId: number, transactionId: number, now: Date) =>
  inTransaction(db, (tx) => settlePending(tx, companyId, transactionId, 'cancel', now));

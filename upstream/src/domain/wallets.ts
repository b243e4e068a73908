import { aliasedTable, and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { WalletBalance, WalletOwnerType, WalletTransaction, walletBalanceQuerySchema, walletTransactionQuerySchema } from '@contract/resources/wallets';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { areas, bikers, members, orders, shops, users, walletTransactions, wallets } from '../db/schema';
import { ApiError, MESSAGES, notFoundData } from '../kit/errors';
import { orderFor, pageWindow } from '../kit/list';
import { parseId } from '../kit/schemas';
import { confirmTransaction } from './ledger';
import { dayStart } from './order-dates';
import type { ServiceScope } from './scope';

/**
 * Wallet Monitoring and Wallet Balance over the ledger (domain/ledger.ts): transactions and wallets of one owner type
 * in the caller's app; staff see their own area's wallets only (the platform's wallet, of no area, is the admins').
 */
export type TransactionQuery = z.infer<typeof walletTransactionQuerySchema>;
export type BalanceQuery = z.infer<typeof walletBalanceQuerySchema>;

const confirmer = aliasedTable(users, 'confirmer');
const ownerName = sql<string>`coalesce(${members.name}, ${shops.name}, ${bikers.name}, '')`;

/** The wallets a caller may see of one owner type. */
function walletScope(scope: ServiceScope, ownerType: WalletOwnerType, areaId?: string): SQL {
  const area = scope.areaId ?? (areaId ? parseId(areaId) : null);
  return and(
    eq(wallets.companyId, scope.companyId),
    eq(wallets.appId, scope.appId),
    eq(wallets.ownerType, ownerType),
    area !== null ? eq(wallets.areaId, area) : undefined,
    scope.areaId !== null && ownerType === 'admin' ? sql`false` : undefined,
  )!;
}

/** Joins a wallet query (Drizzle's dynamic mode) to its owner's name and area. */
function withOwner<T extends PgSelect>(query: T) {
  return query
    .leftJoin(members, and(eq(wallets.ownerType, 'member'), eq(members.id, wallets.ownerId)))
    .leftJoin(shops, and(eq(wallets.ownerType, 'shop'), eq(shops.id, wallets.ownerId)))
    .leftJoin(bikers, and(eq(wallets.ownerType, 'biker'), eq(bikers.id, wallets.ownerId)))
    .leftJoin(areas, eq(areas.id, wallets.areaId));
}

const txColumns = {
  id: walletTransactions.id,
  walletId: walletTransactions.walletId,
  ownerType: wallets.ownerType,
  ownerId: wallets.ownerId,
  ownerName,
  areaId: wallets.areaId,
  areaName: areas.name,
  type: walletTransactions.type,
  status: walletTransactions.status,
  amount: walletTransactions.amount,
  orderId: walletTransactions.orderId,
  orderNo: orders.orderNo,
  orderKind: orders.kind,
  note: walletTransactions.note,
  createdAt: walletTransactions.createdAt,
  confirmedAt: walletTransactions.confirmedAt,
  confirmedById: walletTransactions.confirmedBy,
  confirmedByName: confirmer.displayName,
};
type TxRow = { [K in keyof typeof txColumns]: unknown };

const toTransaction = (r: TxRow): WalletTransaction => ({
  id: String(r.id),
  walletId: String(r.walletId),
  ownerType: r.ownerType as WalletOwnerType,
  ownerId: String(r.ownerId),
  ownerName: String(r.ownerName ?? ''),
  areaId: r.areaId === null ? null : String(r.areaId),
  areaName: (r.areaName as string | null) ?? null,
  type: r.type as WalletTransaction['type'],
  status: r.status as WalletTransaction['status'],
  amount: Number(r.amount),
  orderId: r.orderId === null ? null : String(r.orderId),
  orderNo: (r.orderNo as string | null) ?? null,
  orderKind: (r.orderKind as WalletTransaction['orderKind']) ?? null,
  note: String(r.note ?? ''),
  createdAt: (r.createdAt as Date).toISOString(),
  confirmedAt: r.confirmedAt ? (r.confirmedAt as Date).toISOString() : null,
  confirmedBy: r.confirmedById ? { uid: String(r.confirmedById), displayName: String(r.confirmedByName ?? '') } : null,
});

function transactionsWhere(scope: ServiceScope, ownerType: WalletOwnerType, query: TransactionQuery): SQL {
  return and(
    walletScope(scope, ownerType, query.areaId),
    query.walletId ? eq(walletTransactions.walletId, parseId(query.walletId) ?? -1) : undefined,
    query.type ? eq(walletTransactions.type, query.type) : undefined,
    query.status ? eq(walletTransactions.status, query.status) : undefined,
    query.from ? gte(walletTransactions.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(walletTransactions.createdAt, new Date(dayStart(query.to).getTime() + 86_400_000)) : undefined,
  )!;
}

const transactionsSelect = (db: Db) =>
  withOwner(
    db
      .select(txColumns)
      .from(walletTransactions)
      .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
      .leftJoin(orders, eq(orders.id, walletTransactions.orderId))
      .leftJoin(confirmer, eq(confirmer.id, walletTransactions.confirmedBy))
      .$dynamic(),
  );

export async function listTransactions(db: Db, scope: ServiceScope, ownerType: WalletOwnerType, query: TransactionQuery) {
  const where = transactionsWhere(scope, ownerType, query);
  const { limit, offset } = pageWindow(query);
  const sortable = { createdAt: walletTransactions.createdAt, amount: walletTransactions.amount };
  const [rows, [total]] = await Promise.all([
    transactionsSelect(db)
      .where(where)
      .orderBy(...orderFor(sortable, { ...query, sort: query.sort ?? 'createdAt', order: query.sort ? query.order : 'desc' }, walletTransactions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(walletTransactions).innerJoin(wallets, eq(wallets.id, walletTransactions.walletId)).where(where),
  ]);
  return { rows: (rows as TxRow[]).map(toTransaction), total: total?.n ?? 0 };
}

/** Every matching transaction, newest first, in batches (for the CSV export). */
export async function* transactionBatches(db: Db, scope: ServiceScope, ownerType: WalletOwnerType, query: TransactionQuery, size = 1000) {
  let before: number | null = null;
  for (;;) {
    const rows = (await transactionsSelect(db)
      .where(and(transactionsWhere(scope, ownerType, query), before === null ? undefined : lt(walletTransactions.id, before)))
      .orderBy(desc(walletTransactions.id))
      .limit(size)) as TxRow[];
    if (rows.length === 0) return;
    yield rows.map(toTransaction);
    before = Number(rows.at(-1)!.id);
    if (rows.length < size) return;
  }
}

/** Confirms a Pending transaction of one of the caller's wallets: once, whoever clicks and however often. */
export async function confirmWalletTransaction(db: Db, scope: ServiceScope, ownerType: WalletOwnerType, id: number, now: Date): Promise<WalletTransaction> {
  const [found] = await db
    .select({ id: walletTransactions.id, status: walletTransactions.status })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .where(and(walletScope(scope, ownerType), eq(walletTransactions.id, id)))
    .limit(1);
  if (!found) throw notFoundData();
  if (found.status !== 'Pending' && !(await confirmedBefore(db, scope, id))) throw new ApiError(409, MESSAGES.notPending);
  await confirmTransaction(db, scope.companyId, id, now, scope.userId);
  return (await transactionOne(db, scope, ownerType, id))!;
}

/** Whether the transaction was settled by a confirmation (a replayed confirm answers it again). */
async function confirmedBefore(db: Db, scope: ServiceScope, id: number): Promise<boolean> {
  const rows = (await db.execute(
    sql`SELECT 1 FROM ledger_operations WHERE company_id = ${scope.companyId} AND idempotency_key = ${`confirm:${id}`} LIMIT 1`,
  )) as unknown as { rows: unknown[] };
  return rows.rows.length > 0;
}

export async function transactionOne(db: Db, scope: ServiceScope, ownerType: WalletOwnerType, id: number): Promise<WalletTransaction | null> {
  const [row] = await transactionsSelect(db)
    .where(and(walletScope(scope, ownerType), eq(walletTransactions.id, id)))
    .limit(1);
  return row ? toTransaction(row as TxRow) : null;
}

/** The wallets of the caller's app it may see, of any owner type: staff their own area's (never the platform's). */
const anyWalletScope = (scope: ServiceScope): SQL =>
  and(eq(wallets.companyId, scope.companyId), eq(wallets.appId, scope.appId), scope.areaId === null ? undefined : eq(wallets.areaId, scope.areaId))!;

/** One transaction of a wallet the caller may see, whatever its owner type (`Wallet/{ref}`). */
export async function transactionById(db: Db, scope: ServiceScope, id: number): Promise<WalletTransaction> {
  const [row] = await transactionsSelect(db)
    .where(and(anyWalletScope(scope), eq(walletTransactions.id, id)))
    .limit(1);
  if (!row) throw notFoundData();
  return toTransaction(row as TxRow);
}

const pendingSum = sql<string>`coalesce((SELECT sum(amount) FROM wallet_transactions p WHERE p.wallet_id = ${wallets.id} AND p.status = 'Pending'), 0)`;
const transactionCount = sql<string>`(SELECT count(*) FROM wallet_transactions c WHERE c.wallet_id = ${wallets.id})`;

const balanceColumns = {
  id: wallets.id,
  ownerType: wallets.ownerType,
  ownerId: wallets.ownerId,
  ownerName,
  areaId: wallets.areaId,
  areaName: areas.name,
  balance: wallets.balance,
  pending: pendingSum,
  transactions: transactionCount,
  updatedAt: wallets.updatedAt,
};
type BalanceRow = { [K in keyof typeof balanceColumns]: unknown };
const toBalance = (r: BalanceRow): WalletBalance => ({
  id: String(r.id),
  ownerType: r.ownerType as WalletOwnerType,
  ownerId: String(r.ownerId),
  ownerName: String(r.ownerName ?? ''),
  areaId: r.areaId === null ? null : String(r.areaId),
  areaName: (r.areaName as string | null) ?? null,
  balance: Number(r.balance),
  pending: Number(r.pending),
  transactions: Number(r.transactions),
  updatedAt: (r.updatedAt as Date).toISOString(),
});
const balancesSelect = (db: Db) => withOwner(db.select(balanceColumns).from(wallets).$dynamic());

export async function listBalances(db: Db, scope: ServiceScope, ownerType: WalletOwnerType, query: BalanceQuery) {
  const where = and(
    walletScope(scope, ownerType, query.areaId),
    query.q ? sql`${ownerName} ILIKE ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  )!;
  const { limit, offset } = pageWindow(query);
  const sortable = { balance: wallets.balance, ownerName: ownerName as never, updatedAt: wallets.updatedAt };
  const [rows, [total]] = await Promise.all([
    balancesSelect(db)
      .where(where)
      .orderBy(...orderFor(sortable, { ...query, sort: query.sort ?? 'balance', order: query.sort ? query.order : 'desc' }, wallets.id))
      .limit(limit)
      .offset(offset),
    withOwner(db.select({ n: count() }).from(wallets).$dynamic()).where(where),
  ]);
  return { rows: (rows as BalanceRow[]).map(toBalance), total: Number((total as { n: number } | undefined)?.n ?? 0) };
}

/** One wallet the caller may see, whatever its owner type (`Wallet/{ref}`, `Wallet/Balance/{ref}`). */
export async function walletOne(db: Db, scope: ServiceScope, id: number): Promise<WalletBalance> {
  const [row] = await balancesSelect(db)
    .where(and(eq(wallets.id, id), anyWalletScope(scope)))
    .limit(1);
  if (!row) throw notFoundData();
  return toBalance(row as BalanceRow);
}

/**
 * The wallet's balance against the sum of its Success transactions: they are equal unless the ledger is broken. Both
 * are read by one statement, so a movement committing meanwhile cannot make them look different.
 */
export async function checkWallet(db: Db, wallet: Pick<WalletBalance, 'id'>) {
  const [row] = await db
    .select({
      balance: wallets.balance,
      sum: sql<string>`coalesce(sum(${walletTransactions.amount}) FILTER (WHERE ${walletTransactions.status} = 'Success'), 0)`,
    })
    .from(wallets)
    .leftJoin(walletTransactions, eq(walletTransactions.walletId, wallets.id))
    .where(eq(wallets.id, Number(wallet.id)))
    .groupBy(wallets.id);
  if (!row) throw notFoundData();
  const balance = Number(row.balance);
  const successSum = Number(row.sum);
  return { walletId: wallet.id, balance, successSum, matches: successSum === balance };
}

import { and, count, eq, sql } from 'drizzle-orm';
import type { WalletBalance, WalletOwnerType } from '@contract/resources/wallets';
import type { Db } from '../db/client';
import { areas, walletTransactions, wallets } from '../db/schema';
import { notFoundData } from '../kit/errors';
import { orderFor, pageWindow } from '../kit/list';
import type { ServiceScope } from './scope';
import { anyWalletScope, ownerName, walletScope, withOwner, type BalanceQuery } from './wallets';

/**
 * Wallet Balance: the wallets of one owner type with their balance, what is pending and how many transactions they
 * hold; one wallet by its ref; and the check of a wallet's balance against its ledger.
 */
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

import { aliasedTable, and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { WalletOwnerType, WalletTransaction, walletBalanceQuerySchema, walletTransactionQuerySchema } from '@contract/resources/wallets';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { areas, bikers, members, orders, shops, users, walletTransactions, walletTxDaily, wallets } from '../db/schema';
import { ApiError, MESSAGES, notFoundData } from '../kit/errors';
import { pageWindow } from '../kit/list';
import { parseId } from '../kit/schemas';
import { confirmTransaction, requestWithdrawal } from './ledger';
import { notifyArea } from './notifications';
import { companyTimeZone } from './company-time';
import { dayEnd, dayStart } from './order-dates';
import type { ServiceScope } from './scope';

/**
 * Wallet Monitoring and Wallet Balance over the ledger (domain/ledger.ts): transactions and wallets of one owner type
 * in the caller's app; staff see their own area's wallets only (the platform's wallet, of no area, is the admins').
 */
export type TransactionQuery = z.infer<typeof walletTransactionQuerySchema>;
export type BalanceQuery = z.infer<typeof walletBalanceQuerySchema>;

const confirmer = aliasedTable(users, 'confirmer');
export const ownerName = sql<string>`coalesce(${members.name}, ${shops.name}, ${bikers.name}, '')`;

/** The wallets a caller may see of one owner type. */
export function walletScope(scope: ServiceScope, ownerType: WalletOwnerType, areaId?: string): SQL {
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
export function withOwner<T extends PgSelect>(query: T) {
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
  /** Settled by the ledger's `cancel:{id}` (a reject) rather than `confirm:{id}`: one lookup of the operations' key index. */
  rejected: sql<boolean>`exists (select 1 from ledger_operations lo where lo.company_id = ${wallets.companyId} and lo.idempotency_key = 'cancel:' || ${walletTransactions.id})`,
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
  rejected: r.rejected === true,
});

/**
 * The transactions a caller may see of one owner type, on the place each transaction carries (its wallet's company,
 * app, owner type and area, copied by the database): one index walk in time order, no join. `from` and `to` are the
 * company's days (its time zone, `zone`), as the daily counts are.
 */
function transactionsWhere(scope: ServiceScope, ownerType: WalletOwnerType, query: TransactionQuery, zone: string): SQL {
  const t = walletTransactions;
  const area = scope.areaId ?? (query.areaId ? parseId(query.areaId) : null);
  return and(
    eq(t.companyId, scope.companyId),
    eq(t.appId, scope.appId),
    eq(t.ownerType, ownerType),
    area !== null ? eq(t.areaId, area) : undefined,
    scope.areaId !== null && ownerType === 'admin' ? sql`false` : undefined,
    query.walletId ? eq(t.walletId, parseId(query.walletId) ?? -1) : undefined,
    query.type ? eq(t.type, query.type) : undefined,
    query.status ? eq(t.status, query.status) : undefined,
    query.from ? gte(t.createdAt, dayStart(query.from, zone)) : undefined,
    query.to ? lt(t.createdAt, dayEnd(query.to, zone)) : undefined,
  )!;
}

/** The `wallet_tx_daily` rows of the filters (every filter but one wallet is a dimension of it). */
function dailyWhere(scope: ServiceScope, ownerType: WalletOwnerType, query: TransactionQuery): SQL {
  const d = walletTxDaily;
  const area = scope.areaId ?? (query.areaId ? parseId(query.areaId) : null);
  return and(
    eq(d.companyId, scope.companyId),
    eq(d.appId, scope.appId),
    eq(d.ownerType, ownerType),
    area !== null ? eq(d.areaId, area) : undefined,
    scope.areaId !== null && ownerType === 'admin' ? sql`false` : undefined,
    query.type ? eq(d.type, query.type) : undefined,
    query.status ? eq(d.status, query.status) : undefined,
    query.from ? gte(d.day, query.from) : undefined,
    query.to ? lte(d.day, query.to) : undefined,
  )!;
}

/** Transactions per company's day matching the filters, in the list's direction (not for one wallet). */
async function transactionsPerDay(db: Db, scope: ServiceScope, ownerType: WalletOwnerType, query: TransactionQuery, order: 'asc' | 'desc') {
  const d = walletTxDaily;
  const rows = await db
    .select({ day: sql<string>`${d.day}::text`, n: sql<string>`sum(${d.n})` })
    .from(d)
    .where(dailyWhere(scope, ownerType, query))
    .groupBy(d.day)
    .orderBy(order === 'asc' ? asc(d.day) : desc(d.day));
  return rows.map((r) => ({ day: r.day, n: Number(r.n) })).filter((r) => r.n > 0);
}

/** How many transactions match: from the daily counts, or counted for one wallet (its own index). */
async function transactionTotal(db: Db, scope: ServiceScope, ownerType: WalletOwnerType, query: TransactionQuery, zone: string): Promise<number> {
  if (query.walletId) {
    const [row] = await db
      .select({ n: count() })
      .from(walletTransactions)
      .where(transactionsWhere(scope, ownerType, query, zone));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: sql<string | null>`sum(${walletTxDaily.n})` })
    .from(walletTxDaily)
    .where(dailyWhere(scope, ownerType, query));
  return Number(row?.n ?? 0);
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

/** Past this offset a page is found through the daily counts, or read from the nearer end. */
const DEEP_OFFSET = 10_000;

/**
 * A page by deferred join, as the order lists do: the page's ids from one index walk, then those rows with their
 * owner, order and confirmer. A deep page in time order starts at the day the daily counts place it in; any other deep
 * page is read from the nearer end, so no page walks more than half the index.
 */
export async function listTransactions(db: Db, scope: ServiceScope, ownerType: WalletOwnerType, query: TransactionQuery, deepOffset = DEEP_OFFSET) {
  const t = walletTransactions;
  const zone = await companyTimeZone(db, scope.companyId);
  const where = transactionsWhere(scope, ownerType, query, zone);
  const { limit, offset } = pageWindow(query);
  const sort = query.sort ?? 'createdAt';
  const order = query.sort ? query.order : 'desc';
  const key = sort === 'amount' ? t.amount : t.createdAt;
  const page = (dir: 'asc' | 'desc', lim: number, off: number, edge?: SQL) =>
    db
      .select({ id: t.id })
      .from(t)
      .where(edge ? and(where, edge) : where)
      .orderBy(...(dir === 'asc' ? [asc(key), asc(t.id)] : [desc(key), desc(t.id)]))
      .limit(lim)
      .offset(off);
  const answer = async (ids: { id: number }[], total: number) => ({
    rows: await transactionsByIds(
      db,
      ids.map((r) => r.id),
    ),
    total,
  });
  if (offset < deepOffset) {
    const [ids, total] = await Promise.all([page(order, limit, offset), transactionTotal(db, scope, ownerType, query, zone)]);
    return answer(ids, total);
  }
  if (sort === 'createdAt' && !query.walletId) {
    const days = await transactionsPerDay(db, scope, ownerType, query, order);
    const total = days.reduce((sum, d) => sum + d.n, 0);
    let before = 0;
    const start = days.find((d) => {
      if (before + d.n > offset) return true;
      before += d.n;
      return false;
    });
    if (!start) return { rows: [], total };
    const edge = order === 'asc' ? gte(t.createdAt, dayStart(start.day, zone)) : lt(t.createdAt, dayEnd(start.day, zone));
    return answer(await page(order, limit, offset - before, edge), total);
  }
  const total = await transactionTotal(db, scope, ownerType, query, zone);
  if (offset >= total) return { rows: [], total };
  const fromEnd = offset > total / 2;
  const ids = fromEnd
    ? (await page(order === 'asc' ? 'desc' : 'asc', Math.min(limit, total - offset), Math.max(0, total - offset - limit))).reverse()
    : await page(order, limit, offset);
  return answer(ids, total);
}

/** Transactions with their owner, order and confirmer, in the given order of ids. */
async function transactionsByIds(db: Db, ids: number[]): Promise<WalletTransaction[]> {
  if (ids.length === 0) return [];
  const rows = (await transactionsSelect(db).where(inArray(walletTransactions.id, ids))) as TxRow[];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => (byId.has(id) ? [toTransaction(byId.get(id)!)] : []));
}

/** Every matching transaction, newest first, in batches (for the CSV export). */
export async function* transactionBatches(db: Db, scope: ServiceScope, ownerType: WalletOwnerType, query: TransactionQuery, size = 1000) {
  const zone = await companyTimeZone(db, scope.companyId);
  let before: number | null = null;
  for (;;) {
    const rows = (await transactionsSelect(db)
      .where(and(transactionsWhere(scope, ownerType, query, zone), before === null ? undefined : lt(walletTransactions.id, before)))
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
export const anyWalletScope = (scope: ServiceScope): SQL =>
  and(eq(wallets.companyId, scope.companyId), eq(wallets.appId, scope.appId), scope.areaId === null ? undefined : eq(wallets.areaId, scope.areaId))!;

/** One transaction of a wallet the caller may see, whatever its owner type (`Wallet/{ref}`). */
export async function transactionById(db: Db, scope: ServiceScope, id: number): Promise<WalletTransaction> {
  const [row] = await transactionsSelect(db)
    .where(and(anyWalletScope(scope), eq(walletTransactions.id, id)))
    .limit(1);
  if (!row) throw notFoundData();
  return toTransaction(row as TxRow);
}

const OWNER_TABLES = { member: members, shop: shops, biker: bikers } as const;
const OWNER_MENU = { member: 'Member', shop: 'Shop', biker: 'Biker' } as const;

/**
 * A member, shop or biker asks to take money out (their app): a Pending withdrawal held against the balance at once
 * (`withdraw:{key}`, so a repeated request is one request), and with the first request a notification for the
 * administrators and the area's staff who may read that owner type's transactions. 409 `INSUFFICIENT_BALANCE` when
 * the balance does not cover it.
 */
export async function requestOwnerWithdrawal(
  db: Db,
  scope: ServiceScope,
  input: { ownerType: 'member' | 'shop' | 'biker'; ownerId: string; amount: number; key: string },
  now: Date,
): Promise<{ transaction: WalletTransaction; applied: boolean }> {
  const table = OWNER_TABLES[input.ownerType];
  const ownerId = parseId(input.ownerId);
  const [owner] =
    ownerId === null
      ? []
      : await db
          .select({ id: table.id, name: table.name, areaId: table.areaId, areaName: areas.name })
          .from(table)
          .innerJoin(areas, eq(areas.id, table.areaId))
          .where(
            and(
              eq(table.id, ownerId),
              eq(table.companyId, scope.companyId),
              eq(table.appId, scope.appId),
              scope.areaId === null ? undefined : eq(table.areaId, scope.areaId),
            ),
          )
          .limit(1);
  if (!owner) throw notFoundData();
  const result = await db.transaction(async (tx) => {
    const done = await requestWithdrawal(
      tx,
      { companyId: scope.companyId, appId: scope.appId },
      { type: input.ownerType, id: owner.id, areaId: owner.areaId },
      input.amount,
      input.key,
      now,
    );
    if (done.applied) {
      const menu = OWNER_MENU[input.ownerType];
      await notifyArea(
        tx,
        {
          companyId: scope.companyId,
          appId: scope.appId,
          areaId: owner.areaId,
          permission: `Service ${scope.appType} Wallet ${menu}`,
          link: `/Service/${scope.appType}/Wallet/${menu}?status=Pending`,
          kind: 'withdrawalRequest',
          params: { owner: owner.name, amount: input.amount, area: owner.areaName },
          title: 'Withdrawal request',
          body: `${owner.name} (${owner.areaName}) asks to withdraw ${(input.amount / 100).toFixed(2)}.`,
        },
        now,
      );
    }
    return done;
  });
  const id = result.transactions[0]!.id;
  return { transaction: await transactionById(db, scope, id), applied: result.applied };
}

import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  accountTransitions,
  type AccountStatus,
  type AccountStatusBody,
  type BikerAccount,
  type BikerDetail,
  type MemberDetail,
  type MemberItem,
} from '@contract/resources/accounts';
import type { Db, Tx } from '../db/client';
import {
  accountStatusChanges,
  areas,
  bikerPackages,
  bikerRegistrations,
  bikers,
  memberAddresses,
  memberCounts,
  members,
  orders,
  ratings,
  shops,
  users,
  wallets,
  walletTransactions,
  type AccountParty,
} from '../db/schema';
import { conflict, invalid, notFoundData } from '../kit/errors';
import { keysetBatches } from '../kit/export';
import { CODES } from '../kit/fields';
import { orderFor, pageWindow, phonePrefixWhere, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { parseId } from '../kit/schemas';
import { bikerWhere, selectBikers, toBikerItem, type BikerQuery } from './bikers';
import { ratingSummaryOf } from './ratings';
import type { ServiceScope } from './scope';
import { memberPoints } from './point-history';
import { currentPackageOf, currentSubscriptions } from './package-subscriptions';

/**
 * Members and bikers as the back-office reads them (lists, the view pages' detail) and the one write on them: a status
 * change with a reason (suspend, reactivate), checked against the version last read and recorded with who and when.
 */

const RECENT = 20;
const iso = (d: Date) => d.toISOString();
const ref = (value: string | undefined) => (value === undefined ? undefined : (parseId(value) ?? -1));

// ── Members ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export interface MemberQuery extends ListQuery {
  status?: AccountStatus;
  areaId?: string;
}

const m = members;
const memberColumns = {
  id: m.id,
  name: m.name,
  phone: m.phone,
  email: m.email,
  photo: m.photo,
  status: m.status,
  areaId: m.areaId,
  areaName: areas.name,
  createdAt: m.createdAt,
  version: m.version,
};
const selectMembers = (db: Db | Tx) => db.select(memberColumns).from(m).leftJoin(areas, eq(areas.id, m.areaId));
type MemberRow = Awaited<ReturnType<typeof selectMembers>>[number];
const toMember = (r: MemberRow): MemberItem => ({ ...r, id: String(r.id), areaId: String(r.areaId), areaName: r.areaName ?? '', createdAt: iso(r.createdAt) });

const memberScope = (scope: ServiceScope): SQL =>
  and(eq(m.companyId, scope.companyId), eq(m.appId, scope.appId), isNull(m.deletedAt), scope.areaId === null ? undefined : eq(m.areaId, scope.areaId))!;

export const MEMBER_SORT = { name: m.name, createdAt: m.createdAt };

export function memberWhere(scope: ServiceScope, query: Pick<MemberQuery, 'q' | 'status' | 'areaId'>): SQL {
  return and(
    memberScope(scope),
    // Digits search the phone from its start (an index range); anything else the name, phone and e-mail anywhere.
    phonePrefixWhere(m.phone, query.q) ?? searchWhere([m.name, m.phone, m.email], query.q),
    query.status ? eq(m.status, query.status) : undefined,
    query.areaId === undefined ? undefined : eq(m.areaId, ref(query.areaId)!),
  )!;
}

export async function listMembers(db: Db, scope: ServiceScope, query: MemberQuery): Promise<ListResult<MemberItem>> {
  const where = memberWhere(scope, query);
  const { limit, offset } = pageWindow(query);
  const [page, total] = await Promise.all([
    db
      .select({ id: m.id })
      .from(m)
      .where(where)
      .orderBy(...orderFor(MEMBER_SORT, query, m.id))
      .limit(limit)
      .offset(offset),
    memberTotal(db, scope, query, where),
  ]);
  const ids = page.map((r) => r.id);
  const rows = ids.length ? await selectMembers(db).where(inArray(m.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ids.map((id) => toMember(byId.get(id)!)), total };
}

/**
 * How many members the list's query matches: without a search, the sum of the kept counts per area and status
 * (`member_counts`, a few rows whatever the number of members); with one, counted.
 */
async function memberTotal(db: Db, scope: ServiceScope, query: MemberQuery, where: SQL): Promise<number> {
  if (query.q) {
    const [row] = await db.select({ n: count() }).from(m).where(where);
    return row?.n ?? 0;
  }
  const c = memberCounts;
  const area = query.areaId === undefined ? undefined : ref(query.areaId)!;
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${c.n}), 0)::text` })
    .from(c)
    .where(
      and(
        eq(c.appId, scope.appId),
        scope.areaId === null ? undefined : eq(c.areaId, scope.areaId),
        area === undefined ? undefined : eq(c.areaId, area),
        query.status ? eq(c.status, query.status) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function getMember(db: Db | Tx, scope: ServiceScope, id: number): Promise<MemberItem | null> {
  const [row] = await selectMembers(db)
    .where(and(memberScope(scope), eq(m.id, id)))
    .limit(1);
  return row ? toMember(row) : null;
}

/** Sets (an image key) or clears ('') the member's photo, from the member app; null when the member is not in scope. */
export async function setMemberPhoto(db: Db, scope: ServiceScope, id: number, photo: string, now: Date): Promise<MemberItem | null> {
  const [row] = await db
    .update(m)
    .set({ photo, updatedAt: now })
    .where(and(memberScope(scope), eq(m.id, id)))
    .returning({ id: m.id });
  return row ? getMember(db, scope, row.id) : null;
}

export const MEMBER_CSV_HEADER = ['id', 'name', 'phone', 'email', 'status', 'area', 'createdAt'];

/** Every member the list's query matches, in its order, read in batches (the CSV export). */
export async function* exportMembers(db: Db, scope: ServiceScope, query: MemberQuery): AsyncGenerator<unknown[][]> {
  const batches = keysetBatches(
    {
      sortable: MEMBER_SORT,
      id: m.id,
      read: (where, orderBy, limit) =>
        selectMembers(db)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit),
      keyOf: (row, sortName) => ({ value: sortName === 'createdAt' ? iso(row.createdAt) : sortName === 'name' ? row.name : null, id: row.id }),
    },
    query,
    memberWhere(scope, query),
  );
  for await (const rows of batches) {
    yield rows.map((r) => [r.id, r.name, r.phone, r.email, r.status, r.areaName ?? '', iso(r.createdAt)]);
  }
}

export async function memberDetail(db: Db, scope: ServiceScope, id: number): Promise<MemberDetail | null> {
  const member = await getMember(db, scope, id);
  if (!member) return null;
  const [addresses, orderPage, wallet, given, history, points] = await Promise.all([
    db
      .select({ id: memberAddresses.id, label: memberAddresses.label, address: memberAddresses.address })
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, id))
      .orderBy(asc(memberAddresses.id)),
    ordersOf(db, eq(orders.memberId, id)),
    walletOf(db, scope.appId, 'member', id),
    db
      .select({
        id: ratings.id,
        target: ratings.target,
        stars: ratings.stars,
        comment: ratings.comment,
        hidden: ratings.hidden,
        orderNo: orders.orderNo,
        shopName: shops.name,
        bikerName: bikers.name,
        createdAt: ratings.createdAt,
      })
      .from(ratings)
      .innerJoin(orders, eq(orders.id, ratings.orderId))
      .leftJoin(shops, eq(shops.id, ratings.shopId))
      .leftJoin(bikers, eq(bikers.id, ratings.bikerId))
      .where(eq(ratings.memberId, id))
      .orderBy(desc(ratings.id))
      .limit(RECENT),
    statusHistory(db, 'member', id),
    memberPoints(db, id),
  ]);
  return {
    member,
    addresses: addresses.map((a) => ({ ...a, id: String(a.id) })),
    orders: orderPage,
    wallet,
    ratings: given.map((r) => ({
      id: String(r.id),
      target: r.target,
      stars: r.stars,
      comment: r.comment,
      hidden: r.hidden,
      orderNo: r.orderNo,
      name: (r.target === 'shop' ? r.shopName : r.bikerName) ?? '',
      createdAt: iso(r.createdAt),
    })),
    statusHistory: history,
    points,
  };
}

// ── Bikers ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export interface BikerAccountQuery extends BikerQuery {
  packageId?: string;
}

const b = bikers;
const BIKER_SORT = { name: b.name, createdAt: b.createdAt };

/** Visible ratings of each biker: average to two decimals (text) and count. */
async function bikerRatings(db: Db | Tx, ids: number[]): Promise<Map<number, { rating: string | null; count: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: ratings.bikerId, avg: sql<string | null>`round(avg(${ratings.stars})::numeric, 2)::text`, n: count() })
    .from(ratings)
    .where(and(inArray(ratings.bikerId, ids), eq(ratings.target, 'biker'), eq(ratings.hidden, false)))
    .groupBy(ratings.bikerId);
  return new Map(rows.map((r) => [r.id!, { rating: r.avg, count: r.n }]));
}

async function bikerAccounts(db: Db | Tx, ids: number[]): Promise<BikerAccount[]> {
  if (!ids.length) return [];
  const [rows, extra, rated] = await Promise.all([
    selectBikers(db).where(inArray(b.id, ids)),
    db
      .select({
        id: b.id,
        createdAt: b.createdAt,
        version: b.version,
        vehicle: b.vehicle,
        plate: b.plate,
        packageId: b.packageId,
        packageName: bikerPackages.name,
        packageExpired: b.packageExpired,
      })
      .from(b)
      .leftJoin(bikerPackages, eq(bikerPackages.id, b.packageId))
      .where(inArray(b.id, ids)),
    bikerRatings(db, ids),
  ]);
  const subscriptions = await currentSubscriptions(db, 'biker', ids);
  const base = new Map(rows.map((r) => [r.id, r]));
  const more = new Map(extra.map((r) => [r.id, r]));
  return ids.map((id) => {
    const x = more.get(id)!;
    const r = rated.get(id);
    return {
      ...toBikerItem(base.get(id)!),
      createdAt: iso(x.createdAt),
      version: x.version,
      vehicle: x.vehicle,
      plate: x.plate,
      packageId: x.packageId === null ? null : String(x.packageId),
      packageName: x.packageName,
      ...currentPackageOf(subscriptions.get(id), x.packageExpired),
      rating: r?.rating ?? null,
      ratingCount: r?.count ?? 0,
    };
  });
}

function bikerAccountWhere(scope: ServiceScope, query: BikerAccountQuery): SQL {
  return and(
    bikerWhere(scope, { ...query, q: undefined }),
    searchWhere([b.name, b.phone, b.plate], query.q),
    query.packageId === undefined ? undefined : eq(b.packageId, ref(query.packageId)!),
  )!;
}

/** The bikers list (`Member/Biker`): also the order pages' biker select, which reads its first fields. */
export async function listBikerAccounts(db: Db, scope: ServiceScope, query: BikerAccountQuery): Promise<ListResult<BikerAccount>> {
  const where = bikerAccountWhere(scope, query);
  const { limit, offset } = pageWindow(query);
  const [page, [total]] = await Promise.all([
    db
      .select({ id: b.id })
      .from(b)
      .where(where)
      .orderBy(...orderFor(BIKER_SORT, query, b.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(b).where(where),
  ]);
  return {
    rows: await bikerAccounts(
      db,
      page.map((r) => r.id),
    ),
    total: total?.n ?? 0,
  };
}

export async function getBikerAccount(db: Db | Tx, scope: ServiceScope, id: number): Promise<BikerAccount | null> {
  const [row] = await db
    .select({ id: b.id })
    .from(b)
    .where(and(bikerWhere(scope, {}), eq(b.id, id)))
    .limit(1);
  return row ? ((await bikerAccounts(db, [row.id]))[0] ?? null) : null;
}

export async function bikerDetail(db: Db, scope: ServiceScope, id: number): Promise<BikerDetail | null> {
  const biker = await getBikerAccount(db, scope, id);
  if (!biker) return null;
  const [orderPage, wallet, earned, stars, received, history, papers] = await Promise.all([
    ordersOf(db, eq(orders.bikerId, id), true),
    walletOf(db, scope.appId, 'biker', id),
    db
      .select({ total: sql<string>`coalesce(sum(${walletTransactions.amount}), 0)::text`, n: sql<number>`count(distinct ${walletTransactions.orderId})::int` })
      .from(walletTransactions)
      .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
      .innerJoin(orders, eq(orders.id, walletTransactions.orderId))
      .where(
        and(
          eq(wallets.appId, scope.appId),
          eq(wallets.ownerType, 'biker'),
          eq(wallets.ownerId, id),
          eq(walletTransactions.status, 'Success'),
          eq(orders.status, 'success'),
          sql`${walletTransactions.amount} > 0`,
        ),
      ),
    ratingSummaryOf(db, scope, 'biker', id, biker.name),
    db
      .select({
        id: ratings.id,
        stars: ratings.stars,
        comment: ratings.comment,
        hidden: ratings.hidden,
        orderNo: orders.orderNo,
        memberName: members.name,
        createdAt: ratings.createdAt,
      })
      .from(ratings)
      .innerJoin(orders, eq(orders.id, ratings.orderId))
      .innerJoin(members, eq(members.id, ratings.memberId))
      .where(and(eq(ratings.bikerId, id), eq(ratings.target, 'biker')))
      .orderBy(desc(ratings.id))
      .limit(RECENT),
    statusHistory(db, 'biker', id),
    db
      .select({ documents: bikerRegistrations.documents })
      .from(bikerRegistrations)
      .where(and(eq(bikerRegistrations.bikerId, id), eq(bikerRegistrations.state, 'approved')))
      .orderBy(desc(bikerRegistrations.id))
      .limit(1),
  ]);
  const distribution = ([1, 2, 3, 4, 5] as const).map((s) => stars.distribution[s]);
  return {
    biker,
    orders: orderPage,
    earnings: { total: Number(earned[0]?.total ?? 0), orders: earned[0]?.n ?? 0 },
    wallet,
    distribution,
    documents: papers[0]?.documents ?? [],
    ratings: received.map((r) => ({
      id: String(r.id),
      target: 'biker' as const,
      stars: r.stars,
      comment: r.comment,
      hidden: r.hidden,
      orderNo: r.orderNo,
      name: r.memberName,
      createdAt: iso(r.createdAt),
    })),
    statusHistory: history,
  };
}

// ── Both ────────────────────────────────────────────────────────────────────────────────────────────────────────────

const PARTY_TABLE = { member: members, biker: bikers } as const;

/**
 * A member's or biker's status change with the version last read and a reason, in one transaction with its record.
 * A suspended biker goes offline (no new tasks reach them).
 */
export async function setAccountStatus(
  db: Db,
  scope: ServiceScope,
  party: AccountParty,
  id: number,
  input: AccountStatusBody,
  now: Date,
): Promise<MemberItem | BikerAccount> {
  const read = (conn: Db | Tx) => (party === 'member' ? getMember(conn, scope, id) : getBikerAccount(conn, scope, id));
  const before = await read(db);
  if (!before) throw notFoundData();
  if (before.version !== input.version) throw conflict(before);
  if (!accountTransitions(before.status).includes(input.status)) throw invalid({ status: [CODES.invalidTransition] });
  const t = PARTY_TABLE[party];
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({
        status: input.status,
        version: sql`${t.version} + 1`,
        updatedAt: now,
        ...(party === 'biker' && input.status === 'suspended' ? { presence: 'offline' as const } : {}),
      })
      .where(and(eq(t.id, id), eq(t.companyId, scope.companyId), eq(t.appId, scope.appId), eq(t.version, input.version), isNull(t.deletedAt)))
      .returning({ id: t.id });
    if (!row) return false;
    await tx.insert(accountStatusChanges).values({
      party,
      partyId: id,
      fromStatus: before.status,
      toStatus: input.status,
      reason: input.reason,
      changedBy: scope.userId,
      changedAt: now,
    });
    return true;
  });
  if (!done) throw conflict((await read(db)) ?? undefined);
  return (await read(db))!;
}

async function statusHistory(db: Db, party: AccountParty, id: number) {
  const rows = await db
    .select({ h: accountStatusChanges, name: users.displayName })
    .from(accountStatusChanges)
    .leftJoin(users, eq(users.id, accountStatusChanges.changedBy))
    .where(and(eq(accountStatusChanges.party, party), eq(accountStatusChanges.partyId, id)))
    .orderBy(desc(accountStatusChanges.id));
  return rows.map(({ h, name }) => ({
    id: String(h.id),
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    reason: h.reason,
    changedBy: name,
    changedAt: iso(h.changedAt),
  }));
}

/** The latest orders matching `where` (a biker's open tasks first), and how many there are. */
async function ordersOf(db: Db, where: SQL, openFirst = false) {
  const o = orders;
  const open = sql`(${o.status} NOT IN ('success', 'cancel', 'fail'))`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: o.id, orderNo: o.orderNo, kind: o.kind, status: o.status, total: o.total, shopName: shops.name, createdAt: o.createdAt })
      .from(o)
      .leftJoin(shops, eq(shops.id, o.shopId))
      .where(where)
      .orderBy(...(openFirst ? [desc(open)] : []), desc(o.createdAt), desc(o.id))
      .limit(RECENT),
    db.select({ n: count() }).from(o).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, id: String(r.id), total: Number(r.total), createdAt: iso(r.createdAt) })),
    total: total?.n ?? 0,
  };
}

/** An owner's wallet in the app: its balance and latest transactions; null without one. */
async function walletOf(db: Db, appId: number, ownerType: 'member' | 'biker', ownerId: number) {
  const [wallet] = await db
    .select({ id: wallets.id, balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.appId, appId), eq(wallets.ownerType, ownerType), eq(wallets.ownerId, ownerId)))
    .limit(1);
  if (!wallet) return null;
  const tx = await db
    .select({
      id: walletTransactions.id,
      type: walletTransactions.type,
      status: walletTransactions.status,
      amount: walletTransactions.amount,
      orderNo: orders.orderNo,
      createdAt: walletTransactions.createdAt,
    })
    .from(walletTransactions)
    .leftJoin(orders, eq(orders.id, walletTransactions.orderId))
    .where(eq(walletTransactions.walletId, wallet.id))
    .orderBy(desc(walletTransactions.id))
    .limit(RECENT);
  return {
    balance: Number(wallet.balance),
    transactions: tx.map((r) => ({ ...r, id: String(r.id), amount: Number(r.amount), createdAt: iso(r.createdAt) })),
  };
}

import { aliasedTable, and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  MemberPoints,
  MemberSignUp,
  PointMember,
  PointGrant,
  PointMovementItem,
  PointMovementQuery,
  PointRules,
  ReferralItem,
  ReferralQuery,
  ShopPoints,
} from '@contract/resources/points';
import type { PointMovementKind } from '@contract/lifecycle';
import type { Db, Tx } from '../db/client';
import {
  areas,
  members,
  orders,
  pointBalances,
  pointMovements,
  pointMovementsDaily,
  pointRules,
  referrals,
  shops,
  users,
  voucherUses,
  vouchers,
} from '../db/schema';
import { invalid, notFoundData } from '../kit/errors';
import { pageWindow } from '../kit/list';
import { parseId } from '../kit/schemas';
import { companyTimeZone } from './company-time';
import { dayEnd, dayStart } from './order-dates';
import { movePoints, pointsOf, type PointMovement } from './points';
import type { ServiceScope } from './scope';

/**
 * Members' points around `movePoints` (domain/points.ts, the only writer of points): the app's point rules, what
 * orders, sign-ups, referrals, shops and staff grant, and the lists of movements and referrals.
 */
type Conn = Db | Tx;

/** The rules of an app that has never saved any (the table's defaults). */
export const DEFAULT_POINT_RULES: PointRules = { pointsPer100Baht: 1, registrationPoints: 0, inviterPoints: 0, inviteePoints: 0 };

/** Points an order's items earn: whole 100 baht (10,000 satang) times the rule, rounded down. */
export const orderPointsOf = (itemsTotal: number, rules: Pick<PointRules, 'pointsPer100Baht'>): number =>
  Math.floor(itemsTotal / 10_000) * rules.pointsPer100Baht;

/** The app's point rules (the defaults until first saved). */
export async function pointRulesOf(db: Conn, appId: number): Promise<PointRules> {
  const [row] = await db.select().from(pointRules).where(eq(pointRules.appId, appId)).limit(1);
  if (!row) return DEFAULT_POINT_RULES;
  return {
    pointsPer100Baht: row.pointsPer100Baht,
    registrationPoints: row.registrationPoints,
    inviterPoints: row.inviterPoints,
    inviteePoints: row.inviteePoints,
  };
}

// ————— Earning —————

/** What an order's success grants its member (`FROM_ORDER`, once per order); run inside the order's transaction. */
export async function grantOrderPoints(
  tx: Tx,
  order: { id: number; companyId: number; appId: number; areaId: number; memberId: number; itemsTotal: number },
  now: Date,
): Promise<PointMovement | null> {
  const amount = orderPointsOf(order.itemsTotal, await pointRulesOf(tx, order.appId));
  if (amount <= 0) return null;
  // The points are the member's: they count in the member's area, as their balance does.
  const [member] = await tx.select({ areaId: members.areaId }).from(members).where(eq(members.id, order.memberId)).limit(1);
  const { movement } = await movePoints(tx, {
    companyId: order.companyId,
    appId: order.appId,
    areaId: member?.areaId ?? order.areaId,
    memberId: order.memberId,
    source: 'FROM_ORDER',
    amount,
    key: `order:${order.id}:points`,
    orderId: order.id,
    at: now,
  });
  return movement;
}

/** A member of the caller's app (staff: of their area), or 404. */
async function memberInScope(db: Conn, scope: ServiceScope, memberId: number) {
  const [member] = await db
    .select({ id: members.id, areaId: members.areaId })
    .from(members)
    .where(
      and(
        eq(members.id, memberId),
        eq(members.companyId, scope.companyId),
        eq(members.appId, scope.appId),
        sql`${members.deletedAt} IS NULL`,
        scope.areaId === null ? undefined : eq(members.areaId, scope.areaId),
      ),
    )
    .limit(1);
  if (!member) throw notFoundData();
  return member;
}

/** Staff give a member points (`FROM_APP`) with a reason; the key makes a repeated grant one grant. */
export async function grantPoints(db: Db, scope: ServiceScope, input: PointGrant, now: Date): Promise<{ movement: PointMovementItem; applied: boolean }> {
  const member = await memberInScope(db, scope, parseId(input.memberId) ?? -1);
  const { movement, applied } = await db.transaction((tx) =>
    movePoints(tx, {
      companyId: scope.companyId,
      appId: scope.appId,
      areaId: member.areaId,
      memberId: member.id,
      source: 'FROM_APP',
      amount: input.amount,
      key: `grant:${input.idempotencyKey}`,
      reason: input.reason,
      createdBy: scope.userId,
      at: now,
    }),
  );
  return { movement: (await movementsByIds(db, [movement.id]))[0]!, applied };
}

/** A shop of the member's app gives them points (its QR code or its own grant), once per key. */
export async function shopGrantPoints(db: Db, scope: ServiceScope, input: ShopPoints, now: Date): Promise<{ movement: PointMovementItem; applied: boolean }> {
  const member = await memberInScope(db, scope, parseId(input.memberId) ?? -1);
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, parseId(input.shopId) ?? -1), eq(shops.companyId, scope.companyId), eq(shops.appId, scope.appId)))
    .limit(1);
  if (!shop) throw invalid({ shopId: ['unknownReference'] });
  const { movement, applied } = await db.transaction((tx) =>
    movePoints(tx, {
      companyId: scope.companyId,
      appId: scope.appId,
      areaId: member.areaId,
      memberId: member.id,
      source: input.source,
      amount: input.amount,
      key: `shop:${shop.id}:${input.idempotencyKey}`,
      shopId: shop.id,
      at: now,
    }),
  );
  return { movement: (await movementsByIds(db, [movement.id]))[0]!, applied };
}

/**
 * A member signs up in the member app: the member, the registration points and, when they name who invited them (a
 * member's phone or id in the app), the referral with its points for both; one transaction, each grant keyed once.
 * A phone already signed up in the app is `{phone: ['taken']}`.
 */
export async function signUpMember(db: Db, scope: ServiceScope, input: MemberSignUp, now: Date) {
  const areaId = parseId(input.areaId) ?? -1;
  const [area] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.id, areaId), eq(areas.companyId, scope.companyId), eq(areas.appId, scope.appId)))
    .limit(1);
  if (!area) throw invalid({ areaId: ['unknownReference'] });
  return db
    .transaction(async (tx) => {
      // One sign-up per phone at a time: the lock is the app's and the phone's until the transaction ends.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`member-phone:${scope.appId}:${input.phone}`}))`);
      const inApp = and(eq(members.companyId, scope.companyId), eq(members.appId, scope.appId), sql`${members.deletedAt} IS NULL`);
      const [taken] = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(inApp, eq(members.phone, input.phone)))
        .limit(1);
      if (taken) throw invalid({ phone: ['taken'] });
      let inviter: { id: number; areaId: number } | undefined;
      if (input.referral) {
        const ref = input.referral.replace(/[\s-]/g, '');
        const byId = /^0/.test(ref) ? null : parseId(ref);
        [inviter] = await tx
          .select({ id: members.id, areaId: members.areaId })
          .from(members)
          .where(and(inApp, byId !== null ? or(eq(members.id, byId), eq(members.phone, ref)) : eq(members.phone, ref)))
          .limit(1);
        if (!inviter) throw invalid({ referral: ['unknownReference'] });
      }
      const [member] = await tx
        .insert(members)
        .values({
          companyId: scope.companyId,
          appId: scope.appId,
          areaId,
          name: input.name,
          phone: input.phone,
          email: input.email ?? '',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: members.id });
      const rules = await pointRulesOf(tx, scope.appId);
      const base = { companyId: scope.companyId, appId: scope.appId, at: now };
      const moved: PointMovement[] = [];
      if (rules.registrationPoints > 0) {
        const r = await movePoints(tx, {
          ...base,
          areaId,
          memberId: member!.id,
          source: 'FROM_REGIS',
          amount: rules.registrationPoints,
          key: `member:${member!.id}:regis`,
        });
        moved.push(r.movement);
      }
      let referralId: number | null = null;
      if (inviter) {
        const [referral] = await tx
          .insert(referrals)
          .values({
            companyId: scope.companyId,
            appId: scope.appId,
            areaId,
            inviterId: inviter.id,
            inviteeId: member!.id,
            inviterPoints: rules.inviterPoints,
            inviteePoints: rules.inviteePoints,
            createdAt: now,
          })
          .returning({ id: referrals.id });
        referralId = referral!.id;
        const ref = { ...base, source: 'FROM_REF' as const, referralId };
        if (rules.inviterPoints > 0) {
          const r = await movePoints(tx, {
            ...ref,
            areaId: inviter.areaId,
            memberId: inviter.id,
            amount: rules.inviterPoints,
            key: `referral:${referralId}:inviter`,
          });
          moved.push(r.movement);
        }
        if (rules.inviteePoints > 0) {
          const r = await movePoints(tx, { ...ref, areaId, memberId: member!.id, amount: rules.inviteePoints, key: `referral:${referralId}:invitee` });
          moved.push(r.movement);
        }
      }
      return { memberId: member!.id, referralId, movementIds: moved.map((m) => m.id) };
    })
    .then(async (done) => ({
      memberId: String(done.memberId),
      balance: await pointsOf(db, done.memberId),
      movements: await movementsByIds(db, done.movementIds),
      referralId: done.referralId === null ? null : String(done.referralId),
    }));
}

/** Members of the caller's app (staff: their area) by the start of their phone or a part of their name, with their points (up to 10). */
export async function searchPointMembers(db: Db, scope: ServiceScope, q: string): Promise<PointMember[]> {
  const text = q.trim();
  const escaped = text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const digits = text.replace(/[\s-]/g, '');
  const rows = await db
    .select({ id: members.id, name: members.name, phone: members.phone, areaName: areas.name, balance: pointBalances.balance })
    .from(members)
    .leftJoin(areas, eq(areas.id, members.areaId))
    .leftJoin(pointBalances, eq(pointBalances.memberId, members.id))
    .where(
      and(
        eq(members.companyId, scope.companyId),
        eq(members.appId, scope.appId),
        sql`${members.deletedAt} IS NULL`,
        scope.areaId === null ? undefined : eq(members.areaId, scope.areaId),
        /^\d+$/.test(digits) ? sql`${members.phone} LIKE ${`${digits}%`}` : sql`${members.name} ILIKE ${`%${escaped}%`}`,
      ),
    )
    .orderBy(asc(members.name), asc(members.id))
    .limit(10);
  return rows.map((r) => ({ id: String(r.id), name: r.name, phone: r.phone, areaName: r.areaName ?? '', balance: Number(r.balance ?? 0) }));
}

// ————— Lists —————

const creator = aliasedTable(users, 'creator');
const movementColumns = {
  id: pointMovements.id,
  memberId: pointMovements.memberId,
  memberName: members.name,
  memberPhone: members.phone,
  areaId: pointMovements.areaId,
  areaName: areas.name,
  source: pointMovements.source,
  amount: pointMovements.amount,
  balanceAfter: pointMovements.balanceAfter,
  orderId: pointMovements.orderId,
  orderNo: orders.orderNo,
  reason: pointMovements.reason,
  createdById: pointMovements.createdBy,
  createdByName: creator.displayName,
  createdAt: pointMovements.createdAt,
};
type MovementRow = { [K in keyof typeof movementColumns]: unknown };

const toMovement = (r: MovementRow): PointMovementItem => ({
  id: String(r.id),
  memberId: String(r.memberId),
  memberName: String(r.memberName ?? ''),
  memberPhone: String(r.memberPhone ?? ''),
  areaId: String(r.areaId),
  areaName: String(r.areaName ?? ''),
  source: r.source as PointMovementKind,
  amount: Number(r.amount),
  balanceAfter: Number(r.balanceAfter),
  orderId: r.orderId === null ? null : String(r.orderId),
  orderNo: (r.orderNo as string | null) ?? null,
  reason: String(r.reason ?? ''),
  detail: (r.orderNo as string | null) || String(r.reason ?? ''),
  createdBy: r.createdById ? { uid: String(r.createdById), displayName: String(r.createdByName ?? '') } : null,
  createdAt: (r.createdAt as Date).toISOString(),
});

const movementsSelect = (db: Conn) =>
  db
    .select(movementColumns)
    .from(pointMovements)
    .innerJoin(members, eq(members.id, pointMovements.memberId))
    .leftJoin(areas, eq(areas.id, pointMovements.areaId))
    .leftJoin(orders, eq(orders.id, pointMovements.orderId))
    .leftJoin(creator, eq(creator.id, pointMovements.createdBy))
    .$dynamic();

/** Movements with their member, area, order and granter, in the given order of ids. */
async function movementsByIds(db: Conn, ids: number[]): Promise<PointMovementItem[]> {
  if (ids.length === 0) return [];
  const rows = (await movementsSelect(db).where(inArray(pointMovements.id, ids))) as MovementRow[];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => (byId.has(id) ? [toMovement(byId.get(id)!)] : []));
}

/** The kind a list shows: its own (UsedPoints, TopupMemberPoints) or the `source` filter. */
const kindOf = (listSource: PointMovementKind | null, query: PointMovementQuery): PointMovementKind | null | false => {
  if (listSource && query.source && query.source !== listSource) return false;
  return listSource ?? query.source ?? null;
};

/** The members the phone filter names (the start of a phone number), or null when it names none. */
async function membersOfPhone(db: Conn, scope: ServiceScope, phone: string | undefined): Promise<number[] | null> {
  const digits = phone?.replace(/[\s-]/g, '');
  if (!digits) return null;
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.companyId, scope.companyId),
        eq(members.appId, scope.appId),
        sql`${members.phone} LIKE ${`${digits.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      ),
    )
    .limit(1000);
  return rows.map((r) => r.id);
}

interface MovementFilter {
  kind: PointMovementKind | null;
  area: number | null;
  memberIds: number[] | null;
  /** The company's days (its time zone, `zone`), as the daily counts are. */
  from?: string;
  to?: string;
  zone: string;
}

async function movementFilter(db: Conn, scope: ServiceScope, listSource: PointMovementKind | null, query: PointMovementQuery): Promise<MovementFilter | null> {
  const kind = kindOf(listSource, query);
  if (kind === false) return null;
  let memberIds = await membersOfPhone(db, scope, query.phone);
  if (query.memberId) {
    const id = parseId(query.memberId) ?? -1;
    memberIds = memberIds === null ? [id] : memberIds.filter((m) => m === id);
  }
  if (memberIds !== null && memberIds.length === 0) return null;
  const zone = await companyTimeZone(db, scope.companyId);
  return { kind, area: scope.areaId ?? (query.areaId ? parseId(query.areaId) : null), memberIds, from: query.from, to: query.to, zone };
}

function movementsWhere(scope: ServiceScope, f: MovementFilter): SQL {
  const t = pointMovements;
  return and(
    eq(t.companyId, scope.companyId),
    eq(t.appId, scope.appId),
    f.area !== null ? eq(t.areaId, f.area) : undefined,
    f.kind ? eq(t.source, f.kind) : undefined,
    f.memberIds ? inArray(t.memberId, f.memberIds) : undefined,
    f.from ? gte(t.createdAt, dayStart(f.from, f.zone)) : undefined,
    f.to ? lt(t.createdAt, dayEnd(f.to, f.zone)) : undefined,
  )!;
}

function dailyWhere(scope: ServiceScope, f: MovementFilter): SQL {
  const d = pointMovementsDaily;
  return and(
    eq(d.appId, scope.appId),
    f.area !== null ? eq(d.areaId, f.area) : undefined,
    f.kind ? eq(d.source, f.kind) : undefined,
    f.from ? gte(d.day, f.from) : undefined,
    f.to ? lte(d.day, f.to) : undefined,
  )!;
}

async function movementTotal(db: Conn, scope: ServiceScope, f: MovementFilter): Promise<number> {
  if (f.memberIds) {
    const [row] = await db.select({ n: count() }).from(pointMovements).where(movementsWhere(scope, f));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: sql<string | null>`sum(${pointMovementsDaily.n})` })
    .from(pointMovementsDaily)
    .where(dailyWhere(scope, f));
  return Number(row?.n ?? 0);
}

/** Past this offset a page starts at the day the daily counts place it in. */
const DEEP_OFFSET = 10_000;

/**
 * A page of movements, newest first unless asked: the page's ids from one index walk, then those rows with their
 * member, order and granter. A deep page starts at the company's day the daily counts place it in, so no page walks
 * the movements before it; a member's movements are few and walked by the member's index.
 */
export async function listMovements(db: Db, scope: ServiceScope, listSource: PointMovementKind | null, query: PointMovementQuery, deepOffset = DEEP_OFFSET) {
  const f = await movementFilter(db, scope, listSource, query);
  if (!f) return { rows: [], total: 0 };
  const t = pointMovements;
  const where = movementsWhere(scope, f);
  const { limit, offset } = pageWindow(query);
  const order = query.sort ? query.order : 'desc';
  const page = (lim: number, off: number, edge?: SQL) =>
    db
      .select({ id: t.id })
      .from(t)
      .where(edge ? and(where, edge) : where)
      .orderBy(...(order === 'asc' ? [asc(t.createdAt), asc(t.id)] : [desc(t.createdAt), desc(t.id)]))
      .limit(lim)
      .offset(off);
  const answer = async (ids: { id: number }[], total: number) => ({
    rows: await movementsByIds(
      db,
      ids.map((r) => r.id),
    ),
    total,
  });
  if (offset < deepOffset || f.memberIds) {
    const [ids, total] = await Promise.all([page(limit, offset), movementTotal(db, scope, f)]);
    return answer(ids, total);
  }
  const d = pointMovementsDaily;
  const days = (
    await db
      .select({ day: sql<string>`${d.day}::text`, n: sql<string>`sum(${d.n})` })
      .from(d)
      .where(dailyWhere(scope, f))
      .groupBy(d.day)
      .orderBy(order === 'asc' ? asc(d.day) : desc(d.day))
  )
    .map((r) => ({ day: r.day, n: Number(r.n) }))
    .filter((r) => r.n > 0);
  const total = days.reduce((sum, x) => sum + x.n, 0);
  let before = 0;
  const start = days.find((x) => {
    if (before + x.n > offset) return true;
    before += x.n;
    return false;
  });
  if (!start) return { rows: [], total };
  const edge = order === 'asc' ? gte(t.createdAt, dayStart(start.day, f.zone)) : lt(t.createdAt, dayEnd(start.day, f.zone));
  return answer(await page(limit, offset - before, edge), total);
}

/** Every matching movement, newest first, in batches (the CSV export). */
export async function* movementBatches(db: Db, scope: ServiceScope, listSource: PointMovementKind | null, query: PointMovementQuery, size = 1000) {
  const f = await movementFilter(db, scope, listSource, query);
  if (!f) return;
  let before: number | null = null;
  for (;;) {
    const rows = (await movementsSelect(db)
      .where(and(movementsWhere(scope, f), before === null ? undefined : lt(pointMovements.id, before)))
      .orderBy(desc(pointMovements.id))
      .limit(size)) as MovementRow[];
    if (rows.length === 0) return;
    yield rows.map(toMovement);
    before = Number(rows.at(-1)!.id);
    if (rows.length < size) return;
  }
}

const inviter = aliasedTable(members, 'inviter');
const invitee = aliasedTable(members, 'invitee');
const referralSelect = (db: Conn) =>
  db
    .select({
      id: referrals.id,
      areaId: referrals.areaId,
      areaName: areas.name,
      inviterId: referrals.inviterId,
      inviterName: inviter.name,
      inviterPhone: inviter.phone,
      inviteeId: referrals.inviteeId,
      inviteeName: invitee.name,
      inviteePhone: invitee.phone,
      inviterPoints: referrals.inviterPoints,
      inviteePoints: referrals.inviteePoints,
      createdAt: referrals.createdAt,
    })
    .from(referrals)
    .innerJoin(inviter, eq(inviter.id, referrals.inviterId))
    .innerJoin(invitee, eq(invitee.id, referrals.inviteeId))
    .leftJoin(areas, eq(areas.id, referrals.areaId))
    .$dynamic();
type ReferralRow = Awaited<ReturnType<ReturnType<typeof referralSelect>['execute']>>[number];
const toReferral = (r: ReferralRow): ReferralItem => ({
  id: String(r.id),
  areaId: String(r.areaId),
  areaName: r.areaName ?? '',
  inviterId: String(r.inviterId),
  inviterName: r.inviterName,
  inviterPhone: r.inviterPhone,
  inviteeId: String(r.inviteeId),
  inviteeName: r.inviteeName,
  inviteePhone: r.inviteePhone,
  inviterPoints: r.inviterPoints,
  inviteePoints: r.inviteePoints,
  createdAt: r.createdAt.toISOString(),
});

/** `from` and `to` are the company's days (its time zone, `zone`). */
function referralsWhere(scope: ServiceScope, query: ReferralQuery, zone: string): SQL {
  const area = scope.areaId ?? (query.areaId ? parseId(query.areaId) : null);
  return and(
    eq(referrals.companyId, scope.companyId),
    eq(referrals.appId, scope.appId),
    area !== null ? eq(referrals.areaId, area) : undefined,
    query.from ? gte(referrals.createdAt, dayStart(query.from, zone)) : undefined,
    query.to ? lt(referrals.createdAt, dayEnd(query.to, zone)) : undefined,
  )!;
}

/** The referrals of the app (staff: of their area), newest first unless asked. */
export async function listReferrals(db: Db, scope: ServiceScope, query: ReferralQuery) {
  const where = referralsWhere(scope, query, await companyTimeZone(db, scope.companyId));
  const { limit, offset } = pageWindow(query);
  const order = query.sort ? query.order : 'desc';
  const [rows, [total]] = await Promise.all([
    referralSelect(db)
      .where(where)
      .orderBy(...(order === 'asc' ? [asc(referrals.createdAt), asc(referrals.id)] : [desc(referrals.createdAt), desc(referrals.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(referrals).where(where),
  ]);
  return { rows: rows.map(toReferral), total: total?.n ?? 0 };
}

export async function* referralBatches(db: Db, scope: ServiceScope, query: ReferralQuery, size = 1000) {
  const zone = await companyTimeZone(db, scope.companyId);
  let before: number | null = null;
  for (;;) {
    const rows = await referralSelect(db)
      .where(and(referralsWhere(scope, query, zone), before === null ? undefined : lt(referrals.id, before)))
      .orderBy(desc(referrals.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows.map(toReferral);
    before = rows.at(-1)!.id;
    if (rows.length < size) return;
  }
}

// ————— The member's page —————

/** A member's points, latest movements (up to 10) and the vouchers they used (up to 20, newest first). */
export async function memberPoints(db: Conn, memberId: number): Promise<MemberPoints> {
  const where = eq(pointMovements.memberId, memberId);
  const [balance, ids, [total], used] = await Promise.all([
    pointsOf(db, memberId),
    db.select({ id: pointMovements.id }).from(pointMovements).where(where).orderBy(desc(pointMovements.createdAt), desc(pointMovements.id)).limit(10),
    db.select({ n: count() }).from(pointMovements).where(where),
    db
      .select({
        id: voucherUses.id,
        code: vouchers.code,
        orderId: voucherUses.orderId,
        orderNo: orders.orderNo,
        discount: voucherUses.discount,
        usedAt: voucherUses.createdAt,
      })
      .from(voucherUses)
      .innerJoin(vouchers, eq(vouchers.id, voucherUses.voucherId))
      .leftJoin(orders, eq(orders.id, voucherUses.orderId))
      .where(eq(voucherUses.memberId, memberId))
      .orderBy(desc(voucherUses.createdAt), desc(voucherUses.id))
      .limit(20),
  ]);
  return {
    balance,
    movements: {
      rows: await movementsByIds(
        db,
        ids.map((r) => r.id),
      ),
      total: total?.n ?? 0,
    },
    vouchers: used.map((v) => ({
      id: String(v.id),
      code: v.code,
      orderId: String(v.orderId),
      orderNo: v.orderNo ?? null,
      discount: v.discount,
      usedAt: v.usedAt.toISOString(),
    })),
  };
}

import { and, asc, count, desc, eq, gt, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import type { GiftKind, RedemptionState } from '@contract/lifecycle';
import type { RedeemBody, RedemptionChange, RedemptionItem, RedemptionQuery } from '@contract/resources/gift-common';
import type { Db, Tx } from '../db/client';
import { areas, giftRedemptions, gifts, members, pointMovements, users } from '../db/schema';
import { ApiError, conflict, invalid, MESSAGES, notFoundData } from '../kit/errors';
import { pageWindow } from '../kit/list';
import { parseId } from '../kit/schemas';
import { companyTimeZone } from './company-time';
import { dayEnd, dayStart, localDay } from './order-dates';
import { movePoints } from './points';
import type { ServiceScope } from './scope';

/**
 * Gift vouchers and rewards members redeem points for. A redemption is one transaction: the gift's row lock, its
 * stock taken by one, the redemption, and the points spent (`movePoints`, a `USED` movement keyed by the redemption's
 * key); too few points roll it all back. Staff then mark it delivered, or cancel it: the points and the stock go back,
 * once.
 */

type Gift = typeof gifts.$inferSelect;
type Redemption = typeof giftRedemptions.$inferSelect;

/** The key of a redemption's points (`USED`) and of their return when it is cancelled. */
export const redeemKey = (key: string) => `redeem:${key}`;
export const cancelKey = (redemptionId: number) => `redeem-cancel:${redemptionId}`;

/** Whether a gift may be redeemed on a day (the company's): switched on and the day within its period ('' is open-ended). */
export const giftOpenOn = (gift: Pick<Gift, 'active' | 'startsOn' | 'endsOn'>, today: string): boolean =>
  gift.active && (gift.startsOn === '' || gift.startsOn <= today) && (gift.endsOn === '' || gift.endsOn >= today);

export interface RedeemResult {
  redemption: Redemption;
  /** The member's points after the spend. */
  balance: number;
  /** False when the key had been redeemed before: `redemption` is that first one, nothing changed. */
  applied: boolean;
}

/** The first redemption of a key (in the company), checked to be the same member and gift. */
async function redeemedBefore(db: Db | Tx, scope: ServiceScope, giftId: number, body: { memberId: number; key: string }): Promise<RedeemResult | null> {
  const [first] = await db
    .select()
    .from(giftRedemptions)
    .where(and(eq(giftRedemptions.companyId, scope.companyId), eq(giftRedemptions.idempotencyKey, body.key)))
    .limit(1);
  if (!first) return null;
  if (first.giftId !== giftId || first.memberId !== body.memberId || first.appId !== scope.appId) throw new ApiError(409, MESSAGES.idempotencyKeyReused);
  const [spent] = await db
    .select({ balanceAfter: pointMovements.balanceAfter })
    .from(pointMovements)
    .where(and(eq(pointMovements.companyId, scope.companyId), eq(pointMovements.idempotencyKey, redeemKey(body.key))))
    .limit(1);
  return { redemption: first, balance: spent?.balanceAfter ?? 0, applied: false };
}

/**
 * A member redeems a gift (the member app). Refused: a gift not of the app (404), a member not of the gift's area
 * (`memberId: unknownReference`), a gift switched off or outside its period today (`giftId: giftUnavailable`), none
 * left (`giftId: outOfStock`), too few points (`points: insufficientPoints`). The same key again answers the first
 * redemption and changes nothing.
 */
export async function redeemGift(db: Db, scope: ServiceScope, giftId: number, input: RedeemBody, now: Date): Promise<RedeemResult> {
  const body = { memberId: parseId(input.memberId) ?? -1, key: input.idempotencyKey };
  const before = await redeemedBefore(db, scope, giftId, body);
  if (before) return before;
  return db.transaction(async (tx) => {
    // The gift's row lock: one redemption at a time takes its stock, so the last one goes to exactly one member.
    const [gift] = await tx
      .select()
      .from(gifts)
      .where(and(eq(gifts.id, giftId), eq(gifts.companyId, scope.companyId), eq(gifts.appId, scope.appId), isNull(gifts.deletedAt)))
      .for('update')
      .limit(1);
    if (!gift || (scope.areaId !== null && gift.areaId !== scope.areaId)) throw notFoundData();
    // A concurrent call with the same key waited on the lock: it finds the first redemption now.
    const again = await redeemedBefore(tx, scope, giftId, body);
    if (again) return again;
    const [member] = await tx
      .select({ id: members.id, areaId: members.areaId })
      .from(members)
      .where(and(eq(members.id, body.memberId), eq(members.companyId, scope.companyId), eq(members.appId, scope.appId), isNull(members.deletedAt)))
      .limit(1);
    if (!member || member.areaId !== gift.areaId) throw invalid({ memberId: [CODES.unknownReference] });
    if (!giftOpenOn(gift, localDay(now, await companyTimeZone(tx, scope.companyId)))) throw invalid({ giftId: [CODES.giftUnavailable] });
    if (gift.stock <= 0) throw invalid({ giftId: [CODES.outOfStock] });
    const [redemption] = await tx
      .insert(giftRedemptions)
      .values({
        companyId: scope.companyId,
        appId: gift.appId,
        areaId: gift.areaId,
        giftId: gift.id,
        kind: gift.kind,
        memberId: member.id,
        points: gift.pointsCost,
        state: 'redeemed',
        idempotencyKey: body.key,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .update(gifts)
      .set({ stock: sql`${gifts.stock} - 1` })
      .where(eq(gifts.id, gift.id));
    const { movement } = await movePoints(tx, {
      companyId: scope.companyId,
      appId: gift.appId,
      areaId: member.areaId,
      memberId: member.id,
      source: 'USED',
      amount: -gift.pointsCost,
      key: redeemKey(body.key),
      redemptionId: redemption!.id,
      at: now,
    });
    return { redemption: redemption!, balance: movement.balanceAfter, applied: true };
  });
}

/** The gifts members of an area may redeem today (switched on, within their period, some left), cheapest first. */
export async function redeemableGifts(db: Db, scope: ServiceScope, query: { areaId: string; kind?: GiftKind }, now: Date) {
  const today = localDay(now, await companyTimeZone(db, scope.companyId));
  const areaId = parseId(query.areaId) ?? -1;
  if (scope.areaId !== null && scope.areaId !== areaId) return [];
  return db
    .select({
      id: gifts.id,
      kind: gifts.kind,
      title: gifts.title,
      imageUrl: gifts.imageUrl,
      detail: gifts.detail,
      pointsCost: gifts.pointsCost,
      stock: gifts.stock,
      value: gifts.value,
      startsOn: gifts.startsOn,
      endsOn: gifts.endsOn,
    })
    .from(gifts)
    .where(
      and(
        eq(gifts.companyId, scope.companyId),
        eq(gifts.appId, scope.appId),
        eq(gifts.areaId, areaId),
        query.kind ? eq(gifts.kind, query.kind) : undefined,
        isNull(gifts.deletedAt),
        eq(gifts.active, true),
        gt(gifts.stock, 0),
        or(eq(gifts.startsOn, ''), sql`${gifts.startsOn} <= ${today}`),
        or(eq(gifts.endsOn, ''), sql`${gifts.endsOn} >= ${today}`),
      ),
    )
    .orderBy(asc(gifts.pointsCost), asc(gifts.id));
}

/** The redemptions of one kind the caller may see: the app's, staff only their own area. */
const redemptionScope = (scope: ServiceScope, kind: GiftKind): SQL =>
  and(
    eq(giftRedemptions.companyId, scope.companyId),
    eq(giftRedemptions.appId, scope.appId),
    eq(giftRedemptions.kind, kind),
    scope.areaId === null ? undefined : eq(giftRedemptions.areaId, scope.areaId),
  )!;

const redemptionColumns = {
  id: giftRedemptions.id,
  version: giftRedemptions.version,
  giftId: giftRedemptions.giftId,
  giftTitle: gifts.title,
  kind: giftRedemptions.kind,
  memberId: giftRedemptions.memberId,
  memberName: members.name,
  memberPhone: members.phone,
  points: giftRedemptions.points,
  state: giftRedemptions.state,
  areaId: giftRedemptions.areaId,
  areaName: areas.name,
  createdAt: giftRedemptions.createdAt,
  updatedAt: giftRedemptions.updatedAt,
  updatedById: giftRedemptions.updatedBy,
  updatedByName: users.displayName,
};

const selectRedemptions = (db: Db | Tx) =>
  db
    .select(redemptionColumns)
    .from(giftRedemptions)
    .innerJoin(gifts, eq(gifts.id, giftRedemptions.giftId))
    .innerJoin(members, eq(members.id, giftRedemptions.memberId))
    .innerJoin(areas, eq(areas.id, giftRedemptions.areaId))
    .leftJoin(users, eq(users.id, giftRedemptions.updatedBy));

type RedemptionRow = Awaited<ReturnType<ReturnType<typeof selectRedemptions>['execute']>>[number];

const toItem = (r: RedemptionRow): RedemptionItem => ({
  id: String(r.id),
  version: r.version,
  giftId: String(r.giftId),
  giftTitle: r.giftTitle,
  kind: r.kind,
  memberId: String(r.memberId),
  memberName: r.memberName,
  memberPhone: r.memberPhone,
  points: r.points,
  state: r.state,
  areaId: String(r.areaId),
  areaName: r.areaName,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  updatedBy: r.updatedById === null ? null : { uid: String(r.updatedById), displayName: r.updatedByName ?? '' },
});

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The redemptions of one kind, newest first by default: by state, area, gift, the company's days, and the member or gift searched. */
export async function listRedemptions(db: Db, scope: ServiceScope, kind: GiftKind, query: RedemptionQuery) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  const zone = query.from || query.to ? await companyTimeZone(db, scope.companyId) : undefined;
  const where = and(
    redemptionScope(scope, kind),
    query.state ? eq(giftRedemptions.state, query.state) : undefined,
    query.areaId ? eq(giftRedemptions.areaId, parseId(query.areaId) ?? -1) : undefined,
    query.giftId ? eq(giftRedemptions.giftId, parseId(query.giftId) ?? -1) : undefined,
    query.from ? gte(giftRedemptions.createdAt, dayStart(query.from, zone)) : undefined,
    query.to ? lt(giftRedemptions.createdAt, dayEnd(query.to, zone)) : undefined,
    pattern ? or(ilike(members.name, pattern), ilike(members.phone, pattern), ilike(gifts.title, pattern)) : undefined,
  );
  const direction = (query.order ?? 'desc') === 'asc' ? asc : desc;
  const column = query.sort === 'points' ? giftRedemptions.points : giftRedemptions.createdAt;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    selectRedemptions(db).where(where).orderBy(direction(column), direction(giftRedemptions.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(giftRedemptions)
      .innerJoin(gifts, eq(gifts.id, giftRedemptions.giftId))
      .innerJoin(members, eq(members.id, giftRedemptions.memberId))
      .where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

async function oneRedemption(db: Db | Tx, scope: ServiceScope, kind: GiftKind, id: number): Promise<RedemptionItem | null> {
  const [row] = await selectRedemptions(db)
    .where(and(redemptionScope(scope, kind), eq(giftRedemptions.id, id)))
    .limit(1);
  return row ? toItem(row) : null;
}

/**
 * Staff settle a redemption at the version last read: `delivered` once the member has the gift, or `cancelled`,
 * which gives the points back (`FROM_APP`, keyed by the redemption) and the gift back in stock, in one transaction.
 * Only a `redeemed` one moves (`state: invalidTransition`); a stale version is 409 with the redemption as it is now.
 */
export async function changeRedemption(db: Db, scope: ServiceScope, kind: GiftKind, id: number, change: RedemptionChange, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(giftRedemptions)
      .where(and(redemptionScope(scope, kind), eq(giftRedemptions.id, id)))
      .for('update')
      .limit(1);
    if (!row) throw notFoundData();
    if (row.version !== change.version) throw conflict(await oneRedemption(tx, scope, kind, id));
    if (row.state !== 'redeemed') throw invalid({ state: [CODES.invalidTransition] });
    const state: RedemptionState = change.state;
    await tx
      .update(giftRedemptions)
      .set({ state, version: row.version + 1, updatedAt: now, updatedBy: scope.userId })
      .where(eq(giftRedemptions.id, row.id));
    if (state !== 'cancelled') return;
    const [gift] = await tx
      .update(gifts)
      .set({ stock: sql`${gifts.stock} + 1` })
      .where(eq(gifts.id, row.giftId))
      .returning({ title: gifts.title });
    const [member] = await tx.select({ areaId: members.areaId }).from(members).where(eq(members.id, row.memberId)).limit(1);
    await movePoints(tx, {
      companyId: row.companyId,
      appId: row.appId,
      areaId: member?.areaId ?? row.areaId,
      memberId: row.memberId,
      source: 'FROM_APP',
      amount: row.points,
      key: cancelKey(row.id),
      redemptionId: row.id,
      reason: `Redemption cancelled: ${gift?.title ?? ''}`.trim(),
      createdBy: scope.userId,
      at: now,
    });
  });
  return (await oneRedemption(db, scope, kind, id))!;
}

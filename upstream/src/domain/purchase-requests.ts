import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PurchaseRequestState } from '@contract/lifecycle';
import type {
  PurchaseRequestClose,
  PurchaseRequestCreate,
  PurchaseRequestItem,
  PurchaseRequestQuery,
  PurchaseRequestQuote,
} from '@contract/resources/purchase-request';
import type { Db } from '../db/client';
import { areas, members, purchaseRequests, users } from '../db/schema';
import { conflict, invalid, notFoundData } from '../kit/errors';
import { CODES } from '../kit/fields';
import { orderFor, pageWindow, searchWhere, type ListResult } from '../kit/list';
import { parseId } from '../kit/schemas';
import type { ServiceScope } from './scope';

/**
 * Members' purchase requests (Marketplace → Request/Buy, contract/resources/purchase-request.ts): the member app sends
 * one for a member of its area; staff answer it with a quote (`open` → `quoted`) or close it (`open` | `quoted` →
 * `closed`). An answer names the version last read (409 with the request as it is now when stale), records who
 * answered and when, and any other move is 400 `invalidTransition`.
 */
const t = purchaseRequests;
const answerer = alias(users, 'purchase_request_answerer');
const updater = alias(users, 'purchase_request_updater');

/** Which states each answer leaves from, and where it goes. */
export const PURCHASE_REQUEST_MOVES = {
  quote: { from: ['open'], to: 'quoted' },
  close: { from: ['open', 'quoted'], to: 'closed' },
} as const satisfies Record<string, { from: readonly PurchaseRequestState[]; to: PurchaseRequestState }>;
export type PurchaseRequestMove = keyof typeof PURCHASE_REQUEST_MOVES;

/** The caller's requests: the company and app always, the area for staff; never deleted ones. */
const inScope = (scope: ServiceScope): SQL =>
  and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId), isNull(t.deletedAt), scope.areaId === null ? undefined : eq(t.areaId, scope.areaId))!;

const select = (db: Db) =>
  db
    .select({
      id: t.id,
      version: t.version,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      updatedById: t.updatedBy,
      updatedByName: updater.displayName,
      areaId: t.areaId,
      areaName: areas.name,
      appId: t.appId,
      memberId: t.memberId,
      memberName: members.name,
      memberPhone: members.phone,
      title: t.title,
      detail: t.detail,
      quantity: t.quantity,
      images: t.images,
      state: t.state,
      quotePrice: t.quotePrice,
      answer: t.answer,
      answeredById: t.answeredBy,
      answeredByName: answerer.displayName,
      answeredAt: t.answeredAt,
    })
    .from(t)
    .innerJoin(members, eq(members.id, t.memberId))
    .leftJoin(areas, eq(areas.id, t.areaId))
    .leftJoin(answerer, eq(answerer.id, t.answeredBy))
    .leftJoin(updater, eq(updater.id, t.updatedBy));
type Row = Awaited<ReturnType<typeof select>>[number];

const toItem = (r: Row): PurchaseRequestItem => ({
  id: String(r.id),
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  updatedBy: r.updatedById === null ? null : { uid: String(r.updatedById), displayName: r.updatedByName ?? '' },
  areaId: String(r.areaId),
  areaName: r.areaName ?? '',
  appId: String(r.appId),
  memberId: String(r.memberId),
  memberName: r.memberName,
  memberPhone: r.memberPhone,
  title: r.title,
  detail: r.detail,
  quantity: r.quantity,
  images: r.images,
  state: r.state,
  quotePrice: r.quotePrice,
  answer: r.answer,
  answeredBy: r.answeredById === null ? null : { uid: String(r.answeredById), displayName: r.answeredByName ?? '' },
  answeredAt: r.answeredAt?.toISOString() ?? null,
});

/** A page of the caller's requests, newest first unless sorted otherwise: `state`, `areaId`, `q` (title or member name). */
export async function listPurchaseRequests(db: Db, scope: ServiceScope, query: PurchaseRequestQuery): Promise<ListResult<PurchaseRequestItem>> {
  const where = and(
    inScope(scope),
    query.state === undefined ? undefined : eq(t.state, query.state),
    query.areaId === undefined ? undefined : eq(t.areaId, parseId(query.areaId) ?? -1),
    searchWhere([t.title, members.name], query.q),
  );
  const { limit, offset } = pageWindow(query);
  const sorted = query.sort ? query : { ...query, sort: 'createdAt' as const, order: 'desc' as const };
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...orderFor({ createdAt: t.createdAt, title: t.title, quantity: t.quantity }, sorted, t.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(t).innerJoin(members, eq(members.id, t.memberId)).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

/** One request in the caller's scope. */
export async function getPurchaseRequest(db: Db, scope: ServiceScope, id: number): Promise<PurchaseRequestItem | null> {
  const [row] = await select(db)
    .where(and(inScope(scope), eq(t.id, id)))
    .limit(1);
  return row ? toItem(row) : null;
}

/** Quotes (`quote`) or closes (`close`) a request: the version must be the one last read, the state one it leaves from. */
export async function answerPurchaseRequest(
  db: Db,
  scope: ServiceScope,
  id: number,
  move: PurchaseRequestMove,
  body: PurchaseRequestQuote | PurchaseRequestClose,
  now: Date,
): Promise<PurchaseRequestItem> {
  const current = await getPurchaseRequest(db, scope, id);
  if (!current) throw notFoundData();
  if (current.version !== body.version) throw conflict(current);
  const { from, to } = PURCHASE_REQUEST_MOVES[move];
  if (!(from as readonly string[]).includes(current.state)) throw invalid({ state: [CODES.invalidTransition] });
  const [done] = await db
    .update(t)
    .set({
      state: to,
      answer: body.answer,
      ...('quotePrice' in body ? { quotePrice: body.quotePrice } : {}),
      answeredBy: scope.userId,
      answeredAt: now,
      updatedBy: scope.userId,
      updatedAt: now,
      version: sql`${t.version} + 1`,
    })
    .where(and(eq(t.id, id), eq(t.version, body.version), inArray(t.state, [...from])))
    .returning({ id: t.id });
  const after = (await getPurchaseRequest(db, scope, id))!;
  if (!done) throw conflict(after);
  return after;
}

/** The member app sends a member's request; the member must be a live member of the caller's app (and area, for staff). */
export async function createPurchaseRequest(db: Db, scope: ServiceScope, input: PurchaseRequestCreate, now: Date): Promise<PurchaseRequestItem> {
  const member = await memberInScope(db, scope, input.memberId);
  const [row] = await db
    .insert(t)
    .values({
      companyId: scope.companyId,
      appId: scope.appId,
      areaId: member.areaId,
      memberId: member.id,
      title: input.title,
      detail: input.detail,
      quantity: input.quantity,
      images: input.images,
      state: 'open',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: t.id });
  return (await getPurchaseRequest(db, { ...scope, areaId: null }, row!.id))!;
}

/** A member's requests with their answers, newest first (at most 100). */
export async function memberPurchaseRequests(db: Db, scope: ServiceScope, memberId: string): Promise<PurchaseRequestItem[]> {
  const member = await memberInScope(db, scope, memberId);
  const rows = await select(db)
    .where(and(inScope({ ...scope, areaId: null }), eq(t.memberId, member.id)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(100);
  return rows.map(toItem);
}

async function memberInScope(db: Db, scope: ServiceScope, memberId: string): Promise<{ id: number; areaId: number }> {
  const [member] = await db
    .select({ id: members.id, areaId: members.areaId })
    .from(members)
    .where(
      and(
        eq(members.id, parseId(memberId) ?? -1),
        eq(members.companyId, scope.companyId),
        eq(members.appId, scope.appId),
        isNull(members.deletedAt),
        scope.areaId === null ? undefined : eq(members.areaId, scope.areaId),
      ),
    )
    .limit(1);
  if (!member) throw invalid({ memberId: [CODES.unknownReference] });
  return member;
}

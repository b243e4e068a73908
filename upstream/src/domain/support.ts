import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  SUPPORT_PATHS,
  type SupportAssignee,
  type SupportAssigneeQuery,
  type SupportCreate,
  type SupportEvent,
  type SupportMessage,
  type SupportQuery,
  type SupportReply,
  type SupportShopCreate,
  type SupportSource,
  type SupportTicket,
  type SupportUpdate,
} from '@contract/resources/support';
import { apiRuleFor } from '@contract/access';
import type { Db, Tx } from '../db/client';
import { areas, orders, shops, supportMessages, supportTickets, users } from '../db/schema';
import type { EventScope } from '../realtime/bus';
import { conflict, invalid, notFoundData } from '../kit/errors';
import { CODES } from '../kit/fields';
import { orderFor, pageWindow, searchWhere, type ListResult } from '../kit/list';
import { parseId } from '../kit/schemas';
import { notifyArea } from './notifications';
import type { ServiceScope } from './scope';

/**
 * Support tickets (contract/resources/support.ts): staff of an area see and change the tickets of their area only,
 * administrators every area of the app. A change names the version last read (409 with the ticket as it is now when
 * stale); closing sets `closedAt`, reopening clears it. Every new ticket and message is published on the bus after
 * the commit; a shop's new ticket also notifies the area's staff who read `SupportFromShop`, and the administrators.
 */
const t = supportTickets;
const assignee = alias(users, 'support_assignee');
const opener = alias(users, 'support_opener');
const updater = alias(users, 'support_updater');

export interface Published {
  scope: EventScope;
  event: SupportEvent;
}

const inScope = (scope: ServiceScope, source: SupportSource): SQL =>
  and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId), eq(t.source, source), scope.areaId === null ? undefined : eq(t.areaId, scope.areaId))!;

const select = (db: Db | Tx) =>
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
      source: t.source,
      subject: t.subject,
      category: t.category,
      priority: t.priority,
      status: t.status,
      assigneeId: t.assigneeId,
      assigneeName: assignee.displayName,
      orderId: t.orderId,
      orderNo: orders.orderNo,
      shopId: t.shopId,
      shopName: shops.name,
      openedByName: opener.displayName,
      lastMessageAt: t.lastMessageAt,
      closedAt: t.closedAt,
    })
    .from(t)
    .leftJoin(areas, eq(areas.id, t.areaId))
    .leftJoin(assignee, eq(assignee.id, t.assigneeId))
    .leftJoin(opener, eq(opener.id, t.openedBy))
    .leftJoin(updater, eq(updater.id, t.updatedBy))
    .leftJoin(orders, eq(orders.id, t.orderId))
    .leftJoin(shops, eq(shops.id, t.shopId));
type Row = Awaited<ReturnType<typeof select>>[number];

const toItem = (r: Row): SupportTicket => ({
  id: String(r.id),
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  updatedBy: r.updatedById === null ? null : { uid: String(r.updatedById), displayName: r.updatedByName ?? '' },
  areaId: String(r.areaId),
  areaName: r.areaName ?? '',
  appId: String(r.appId),
  source: r.source,
  subject: r.subject,
  category: r.category as SupportTicket['category'],
  priority: r.priority,
  status: r.status,
  assigneeId: r.assigneeId === null ? null : String(r.assigneeId),
  assigneeName: r.assigneeName,
  orderId: r.orderId === null ? null : String(r.orderId),
  orderNo: r.orderNo,
  shopId: r.shopId === null ? null : String(r.shopId),
  shopName: r.shopName,
  openedByName: r.openedByName,
  lastMessageAt: r.lastMessageAt.toISOString(),
  closedAt: r.closedAt?.toISOString() ?? null,
});

/** Urgent first when sorted by priority descending. */
const priorityRank = sql`CASE ${t.priority} WHEN 'urgent' THEN 4 WHEN 'high' THEN 3 WHEN 'normal' THEN 2 ELSE 1 END`;
const statusRank = sql`CASE ${t.status} WHEN 'open' THEN 1 WHEN 'inProgress' THEN 2 WHEN 'waiting' THEN 3 ELSE 4 END`;

export async function listSupportTickets(db: Db, scope: ServiceScope, source: SupportSource, query: SupportQuery): Promise<ListResult<SupportTicket>> {
  const where = and(
    inScope(scope, source),
    query.status === undefined ? undefined : eq(t.status, query.status),
    query.priority === undefined ? undefined : eq(t.priority, query.priority),
    query.category === undefined ? undefined : eq(t.category, query.category),
    query.assigneeId === undefined ? undefined : eq(t.assigneeId, parseId(query.assigneeId) ?? -1),
    query.areaId === undefined ? undefined : eq(t.areaId, parseId(query.areaId) ?? -1),
    searchWhere([t.subject, shops.name, orders.orderNo], query.q),
  );
  const { limit, offset } = pageWindow(query);
  const sorted = query.sort ? query : { ...query, sort: 'lastMessageAt' as const, order: 'desc' as const };
  const columns = { lastMessageAt: t.lastMessageAt, createdAt: t.createdAt, subject: t.subject } as const;
  const direction = sorted.order === 'desc' ? sql`DESC` : sql`ASC`;
  const order =
    sorted.sort === 'priority'
      ? [sql`${priorityRank} ${direction}`, asc(t.id)]
      : sorted.sort === 'status'
        ? [sql`${statusRank} ${direction}`, asc(t.id)]
        : orderFor(columns, sorted, t.id);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(t).leftJoin(orders, eq(orders.id, t.orderId)).leftJoin(shops, eq(shops.id, t.shopId)).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

async function messagesOf(db: Db | Tx, ticketId: number): Promise<SupportMessage[]> {
  const rows = await db
    .select({
      id: supportMessages.id,
      authorKind: supportMessages.authorKind,
      authorName: users.displayName,
      shopName: shops.name,
      body: supportMessages.body,
      attachments: supportMessages.attachments,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .innerJoin(t, eq(t.id, supportMessages.ticketId))
    .leftJoin(users, eq(users.id, supportMessages.authorUserId))
    .leftJoin(shops, eq(shops.id, t.shopId))
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.id));
  return rows.map((m) => ({
    id: String(m.id),
    authorKind: m.authorKind,
    authorName: (m.authorKind === 'shop' ? m.shopName : m.authorName) ?? '',
    body: m.body,
    attachments: m.attachments,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** One ticket of the caller's scope, with its thread. */
export async function getSupportTicket(db: Db | Tx, scope: ServiceScope, source: SupportSource, id: number): Promise<SupportTicket | null> {
  const [row] = await select(db)
    .where(and(inScope(scope, source), eq(t.id, id)))
    .limit(1);
  return row ? { ...toItem(row), messages: await messagesOf(db, id) } : null;
}

const eventOf = (
  type: SupportEvent['type'],
  ticket: { id: number; source: SupportSource; areaId: number; status: SupportTicket['status']; appId: number; companyId: number },
  now: Date,
): Published => ({
  scope: { companyId: ticket.companyId, appId: ticket.appId, areaId: ticket.areaId },
  event: { type, ticketId: String(ticket.id), source: ticket.source, areaId: String(ticket.areaId), status: ticket.status, at: now.toISOString() },
});

/** Who may take a ticket of the area: an active administrator of the company, or active staff of the ticket's app and area. */
const assignable = (scope: ServiceScope, areaId: number): SQL =>
  and(
    eq(users.companyId, scope.companyId),
    eq(users.status, 'active'),
    isNull(users.deletedAt),
    or(eq(users.role, 'admin'), and(eq(users.role, 'staff'), eq(users.appId, scope.appId), eq(users.areaId, areaId))),
  )!;

/** The assignee named by a change: one of the people who may take the ticket, else 400 `assigneeId: unknownReference`. */
async function checkAssignee(db: Db | Tx, scope: ServiceScope, areaId: number, assigneeId: string): Promise<number> {
  const id = parseId(assigneeId) ?? -1;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), assignable(scope, areaId)))
    .limit(1);
  if (!user) throw invalid({ assigneeId: [CODES.unknownReference] });
  return user.id;
}

/**
 * The people a ticket of the caller's scope can be assigned to (404 for a ticket out of scope): the caller first when
 * among them, then by name; at most `limit`, with `more` when others match too.
 */
export async function listSupportAssignees(
  db: Db,
  scope: ServiceScope,
  source: SupportSource,
  id: number,
  query: SupportAssigneeQuery,
): Promise<{ rows: SupportAssignee[]; more: boolean }> {
  const [ticket] = await db
    .select({ areaId: t.areaId })
    .from(t)
    .where(and(inScope(scope, source), eq(t.id, id)))
    .limit(1);
  if (!ticket) throw notFoundData();
  const rows = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(and(assignable(scope, ticket.areaId), searchWhere([users.displayName], query.q)))
    .orderBy(sql`${users.id} = ${scope.userId} DESC`, asc(users.displayName), asc(users.id))
    .limit(query.limit + 1);
  return { rows: rows.slice(0, query.limit).map((r) => ({ id: String(r.id), name: r.name })), more: rows.length > query.limit };
}

/** Status, assignee and priority with the version last read; closing sets `closedAt`, any other status clears it. */
export async function updateSupportTicket(
  db: Db,
  scope: ServiceScope,
  source: SupportSource,
  id: number,
  input: SupportUpdate,
  now: Date,
): Promise<SupportTicket> {
  const current = await getSupportTicket(db, scope, source, id);
  if (!current) throw notFoundData();
  if (current.version !== input.version) throw conflict(current);
  const areaId = Number(current.areaId);
  const assigneeId = input.assigneeId === undefined ? undefined : input.assigneeId === null ? null : await checkAssignee(db, scope, areaId, input.assigneeId);
  const status = input.status ?? current.status;
  const [done] = await db
    .update(t)
    .set({
      ...(input.status === undefined ? {} : { status, closedAt: status === 'closed' ? (current.status === 'closed' ? undefined : now) : null }),
      ...(assigneeId === undefined ? {} : { assigneeId }),
      ...(input.priority === undefined ? {} : { priority: input.priority }),
      updatedBy: scope.userId,
      updatedAt: now,
      version: sql`${t.version} + 1`,
    })
    .where(and(inScope(scope, source), eq(t.id, id), eq(t.version, input.version)))
    .returning({ id: t.id });
  const after = (await getSupportTicket(db, scope, source, id))!;
  if (!done) throw conflict(after);
  return after;
}

interface NewMessage {
  authorKind: 'staff' | 'shop';
  authorUserId: number | null;
  body: string;
  attachments: string[];
  clientId?: string;
}

/** Adds a message (once per `clientId`) and moves `lastMessageAt`; a shop's message on a waiting or closed ticket reopens it. */
async function addMessage(tx: Tx, ticketId: number, message: NewMessage, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(supportMessages)
    .values({ ticketId, ...message, clientId: message.clientId ?? null, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: supportMessages.id });
  if (inserted.length === 0) return false;
  await tx
    .update(t)
    .set({
      lastMessageAt: now,
      ...(message.authorKind === 'shop'
        ? { status: sql`CASE WHEN ${t.status} IN ('waiting', 'closed') THEN 'open' ELSE ${t.status} END`, closedAt: null }
        : {}),
    })
    .where(eq(t.id, ticketId));
  return true;
}

/** Staff answer a ticket of their scope. */
export async function replySupportTicket(
  db: Db,
  scope: ServiceScope,
  source: SupportSource,
  id: number,
  input: SupportReply,
  now: Date,
): Promise<{ ticket: SupportTicket; publish: Published | null }> {
  const current = await getSupportTicket(db, scope, source, id);
  if (!current) throw notFoundData();
  const added = await db.transaction((tx) =>
    addMessage(tx, id, { authorKind: 'staff', authorUserId: scope.userId, body: input.body, attachments: input.attachments, clientId: input.clientId }, now),
  );
  const ticket = (await getSupportTicket(db, scope, source, id))!;
  const publish = added ? eventOf('support.message', { ...ids(ticket, scope), source }, now) : null;
  return { ticket, publish };
}

const ids = (ticket: SupportTicket, scope: ServiceScope) => ({
  id: Number(ticket.id),
  areaId: Number(ticket.areaId),
  status: ticket.status,
  appId: scope.appId,
  companyId: scope.companyId,
});

/** Staff open a ticket about a shop or an order of their scope; it lives in that shop's or order's area. */
export async function createPortalTicket(db: Db, scope: ServiceScope, input: SupportCreate, now: Date): Promise<{ ticket: SupportTicket; publish: Published }> {
  const inApp = (table: typeof shops | typeof orders) =>
    and(eq(table.companyId, scope.companyId), eq(table.appId, scope.appId), scope.areaId === null ? undefined : eq(table.areaId, scope.areaId));
  let areaId: number | null = null;
  let shopId: number | null = null;
  let orderId: number | null = null;
  if (input.orderNo) {
    const [order] = await db
      .select({ id: orders.id, areaId: orders.areaId, shopId: orders.shopId })
      .from(orders)
      .where(and(inApp(orders), eq(orders.orderNo, input.orderNo)))
      .limit(1);
    if (!order) throw invalid({ orderNo: [CODES.unknownReference] });
    ({ areaId, shopId, orderId } = { areaId: order.areaId, shopId: order.shopId, orderId: order.id });
  }
  if (input.shopId) {
    const [shop] = await db
      .select({ id: shops.id, areaId: shops.areaId })
      .from(shops)
      .where(and(inApp(shops), eq(shops.id, parseId(input.shopId) ?? -1), isNull(shops.deletedAt)))
      .limit(1);
    if (!shop || (areaId !== null && shop.areaId !== areaId)) throw invalid({ shopId: [CODES.unknownReference] });
    ({ areaId, shopId } = { areaId: shop.areaId, shopId: shop.id });
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t)
      .values({
        companyId: scope.companyId,
        appId: scope.appId,
        areaId: areaId!,
        source: 'portal',
        subject: input.subject,
        category: input.category,
        priority: input.priority,
        status: 'open',
        orderId,
        shopId,
        openedBy: scope.userId,
        lastMessageAt: now,
        createdAt: now,
        updatedAt: now,
        updatedBy: scope.userId,
      })
      .returning({ id: t.id });
    await addMessage(tx, row!.id, { authorKind: 'staff', authorUserId: scope.userId, body: input.body, attachments: input.attachments }, now);
    return row!.id;
  });
  const ticket = (await getSupportTicket(db, scope, 'portal', id))!;
  return { ticket, publish: eventOf('support.ticket', { ...ids(ticket, scope), source: 'portal' }, now) };
}

/** The shop app's shop: a live shop of the caller's app (and area, for staff). */
async function shopOf(db: Db, scope: ServiceScope, shopId: string): Promise<{ id: number; areaId: number; name: string; areaName: string }> {
  const [shop] = await db
    .select({ id: shops.id, areaId: shops.areaId, name: shops.name, areaName: areas.name })
    .from(shops)
    .innerJoin(areas, eq(areas.id, shops.areaId))
    .where(
      and(
        eq(shops.id, parseId(shopId) ?? -1),
        eq(shops.companyId, scope.companyId),
        eq(shops.appId, scope.appId),
        isNull(shops.deletedAt),
        scope.areaId === null ? undefined : eq(shops.areaId, scope.areaId),
      ),
    )
    .limit(1);
  if (!shop) throw invalid({ shopId: [CODES.unknownReference] });
  return shop;
}

/** The shop's own tickets: the shop app sees only its shop's. */
const shopScope = (scope: ServiceScope): ServiceScope => ({ ...scope, areaId: null });

/**
 * The shop app opens a ticket (`clientId`: a retried open finds the first one): in the shop's area, with its first
 * message; the area's staff who read the shop tickets, and the administrators, are notified in the same transaction.
 */
export async function createShopTicket(
  db: Db,
  scope: ServiceScope,
  input: SupportShopCreate,
  now: Date,
): Promise<{ ticket: SupportTicket; publish: Published | null }> {
  const shop = await shopOf(db, scope, input.shopId);
  if (input.clientId) {
    const [again] = await db
      .select({ id: t.id })
      .from(supportMessages)
      .innerJoin(t, eq(t.id, supportMessages.ticketId))
      .where(and(eq(t.shopId, shop.id), eq(t.source, 'shop'), eq(supportMessages.clientId, input.clientId)))
      .limit(1);
    if (again) return { ticket: (await getSupportTicket(db, shopScope(scope), 'shop', again.id))!, publish: null };
  }
  const permission = apiRuleFor(`/api/admin/${scope.appType}/${SUPPORT_PATHS.shop}`)?.permission;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t)
      .values({
        companyId: scope.companyId,
        appId: scope.appId,
        areaId: shop.areaId,
        source: 'shop',
        subject: input.subject,
        category: input.category,
        priority: input.priority,
        status: 'open',
        shopId: shop.id,
        lastMessageAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: t.id });
    await addMessage(tx, row!.id, { authorKind: 'shop', authorUserId: null, body: input.body, attachments: input.attachments, clientId: input.clientId }, now);
    await notifyArea(
      tx,
      {
        companyId: scope.companyId,
        appId: scope.appId,
        areaId: shop.areaId,
        permission: typeof permission === 'string' ? permission : `Service ${scope.appType} ${SUPPORT_PATHS.shop}`,
        link: `/Service/${scope.appType}/${SUPPORT_PATHS.shop}/View/${row!.id}`,
        kind: 'supportTicket',
        params: { shop: shop.name, subject: input.subject, area: shop.areaName },
        title: 'New support ticket',
        body: `${shop.name} (${shop.areaName}): ${input.subject}`,
      },
      now,
    );
    return row!.id;
  });
  const ticket = (await getSupportTicket(db, shopScope(scope), 'shop', id))!;
  return { ticket, publish: eventOf('support.ticket', { ...ids(ticket, scope), source: 'shop' }, now) };
}

/** The shop's tickets, newest message first (at most 100). */
export async function shopTickets(db: Db, scope: ServiceScope, shopId: string): Promise<SupportTicket[]> {
  const shop = await shopOf(db, scope, shopId);
  const rows = await select(db)
    .where(and(inScope(shopScope(scope), 'shop'), eq(t.shopId, shop.id)))
    .orderBy(sql`${t.lastMessageAt} DESC`, sql`${t.id} DESC`)
    .limit(100);
  return rows.map(toItem);
}

/** One of the shop's tickets with its thread; another shop's is 404. */
export async function shopTicket(db: Db, scope: ServiceScope, shopId: string, id: number): Promise<SupportTicket> {
  const shop = await shopOf(db, scope, shopId);
  const ticket = await getSupportTicket(db, shopScope(scope), 'shop', id);
  if (!ticket || ticket.shopId !== String(shop.id)) throw notFoundData();
  return ticket;
}

/** The shop answers its own ticket (a waiting or closed one opens again). */
export async function shopReply(
  db: Db,
  scope: ServiceScope,
  shopId: string,
  id: number,
  input: SupportReply,
  now: Date,
): Promise<{ ticket: SupportTicket; publish: Published | null }> {
  await shopTicket(db, scope, shopId, id);
  const added = await db.transaction((tx) =>
    addMessage(tx, id, { authorKind: 'shop', authorUserId: null, body: input.body, attachments: input.attachments, clientId: input.clientId }, now),
  );
  const ticket = await shopTicket(db, scope, shopId, id);
  return { ticket, publish: added ? eventOf('support.message', { ...ids(ticket, scope), source: 'shop' }, now) : null };
}

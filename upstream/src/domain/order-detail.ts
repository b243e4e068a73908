import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import {
  apps,
  bikers,
  carriers,
  members,
  orderEvents,
  orderItems,
  orders,
  shops,
  wallets,
  walletTransactions,
  type ActorType,
  type OrderEvent,
  type OrderKind,
  type TransactionStatus,
  type TransactionType,
  type WalletOwner,
} from '../db/schema';
import { canApply } from './order-lifecycle';
import { selectOrderRows, toOrderRow, type OrderRow } from './orders';
import type { ServiceScope } from './scope';
import { trimDecimal } from './shops';
import { voucherCodeOf } from './vouchers';

/** One order with everything its view shows (docs/orders.md section 4, **Detail**). */
export interface OrderDetail extends OrderRow {
  items: { name: string; qty: number; price: number }[];
  events: {
    id: string;
    event: OrderEvent;
    actorType: ActorType;
    actorId: string | null;
    actorName: string;
    bikerId: string | null;
    note: string;
    at: string;
  }[];
  pickup: { address: string; lat: string; lng: string };
  dropoff: { address: string; lat: string; lng: string };
  senderPhone: string | null;
  receiverPhone: string | null;
  note: string;
  cancelReason: string | null;
  shares: { app: number; shop: number; biker: number } | null;
  refund: { amount: number; at: string } | null;
  transactions: {
    id: string;
    ownerType: WalletOwner;
    ownerName: string;
    type: TransactionType;
    status: TransactionStatus;
    amount: number;
    createdAt: string;
  }[];
  actions: { adminCancel: boolean; assignBiker: boolean; changeBiker: boolean };
  /** What an admin cancel now would refund (satang). */
  refundOnCancel: number;
  /** The voucher the member used, if any. */
  voucherCode: string | null;
  /** How the delivery was priced (domain/pricing): the distance in metres, the band's estimate, the carrier. */
  delivery: { distanceM: number | null; estimateMinutes: number | null; carrierId: string | null; carrierName: string | null };
}

const o = orders;
const owned = (type: WalletOwner, id: AnyColumn) => and(eq(wallets.ownerType, type), eq(id, wallets.ownerId));
const idOrNull = (id: number | null) => (id === null ? null : String(id));
const orderId = sql.placeholder('orderId');

// The detail's reads, planned once per database handle: an order view is a hot path.
const orderOf = preparedFor((db) =>
  selectOrderRows(db, {
    companyId: o.companyId,
    appId: o.appId,
    pickupAddress: o.pickupAddress,
    pickupLat: o.pickupLat,
    pickupLng: o.pickupLng,
    dropoffAddress: o.dropoffAddress,
    dropoffLat: o.dropoffLat,
    dropoffLng: o.dropoffLng,
    senderPhone: o.senderPhone,
    receiverPhone: o.receiverPhone,
    note: o.note,
    cancelReason: o.cancelReason,
    appShare: o.appShare,
    shopShare: o.shopShare,
    bikerShare: o.bikerShare,
    distanceM: o.distanceM,
    estimateMinutes: o.estimateMinutes,
    carrierId: o.carrierId,
    carrierName: carriers.name,
  })
    .leftJoin(carriers, eq(carriers.id, o.carrierId))
    .where(eq(o.id, orderId))
    .limit(1)
    .prepare('order_detail'),
);
const itemsOf = preparedFor((db) =>
  db
    .select({ name: orderItems.name, qty: orderItems.qty, price: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
    .prepare('order_detail_items'),
);
const eventsOf = preparedFor((db) =>
  db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)).prepare('order_detail_events'),
);
const transactionsOf = preparedFor((db) => {
  const t = walletTransactions;
  return db
    .select({
      id: t.id,
      ownerType: wallets.ownerType,
      ownerName: sql<string>`coalesce(${members.name}, ${shops.name}, ${bikers.name}, ${apps.name}, '')`,
      type: t.type,
      status: t.status,
      amount: t.amount,
      createdAt: t.createdAt,
    })
    .from(t)
    .innerJoin(wallets, eq(wallets.id, t.walletId))
    .leftJoin(members, owned('member', members.id))
    .leftJoin(shops, owned('shop', shops.id))
    .leftJoin(bikers, owned('biker', bikers.id))
    .leftJoin(apps, and(eq(wallets.ownerType, 'admin'), eq(apps.id, wallets.appId)))
    .where(eq(t.orderId, orderId))
    .orderBy(asc(t.id))
    .prepare('order_detail_transactions');
});

/** The order in scope (of the kind, when given) with its items, events, money and the actions open on it. */
export async function getOrderDetail(db: Db, scope: ServiceScope, id: number, kind?: OrderKind): Promise<OrderDetail | null> {
  const [base] = await orderOf(db).execute({ orderId: id });
  const inScope =
    base &&
    base.companyId === scope.companyId &&
    base.appId === scope.appId &&
    (scope.areaId === null || base.areaId === scope.areaId) &&
    (kind === undefined || base.kind === kind);
  if (!base || !inScope) return null;
  const [items, events, transactionRows, voucherCode] = await Promise.all([
    itemsOf(db).execute({ orderId: id }),
    eventsOf(db).execute({ orderId: id }),
    transactionsOf(db).execute({ orderId: id }),
    voucherCodeOf(db, id),
  ]);
  const row = toOrderRow(base);
  const transactions = transactionRows.map((r) => ({ ...r, id: String(r.id), createdAt: r.createdAt.toISOString() }));
  const refund = transactions.find((t) => t.type === 'refund' && t.amount > 0);
  const adminCancel = canApply(row.kind, row.status, 'admin_cancel_order');
  return {
    ...row,
    items,
    events: events.map((e) => ({
      id: String(e.id),
      event: e.event,
      actorType: e.actorType,
      actorId: idOrNull(e.actorId),
      actorName: e.actorName,
      bikerId: idOrNull(e.bikerId),
      note: e.note,
      at: e.at.toISOString(),
    })),
    pickup: { address: base.pickupAddress, lat: trimDecimal(base.pickupLat), lng: trimDecimal(base.pickupLng) },
    dropoff: { address: base.dropoffAddress, lat: trimDecimal(base.dropoffLat), lng: trimDecimal(base.dropoffLng) },
    senderPhone: base.senderPhone,
    receiverPhone: base.receiverPhone,
    note: base.note,
    cancelReason: base.cancelReason,
    shares:
      base.appShare === null || base.shopShare === null || base.bikerShare === null
        ? null
        : { app: base.appShare, shop: base.shopShare, biker: base.bikerShare },
    refund: refund ? { amount: refund.amount, at: refund.createdAt } : null,
    transactions,
    actions: {
      adminCancel,
      assignBiker: row.bikerId === null && canApply(row.kind, row.status, 'biker_receive_order'),
      changeBiker: row.bikerId !== null && canApply(row.kind, row.status, 'biker_change'),
    },
    refundOnCancel: adminCancel && row.paymentStatus === 'paid' ? row.total : 0,
    voucherCode,
    delivery: {
      distanceM: base.distanceM,
      estimateMinutes: base.estimateMinutes,
      carrierId: idOrNull(base.carrierId),
      carrierName: base.carrierId === null ? null : (base.carrierName ?? null),
    },
  };
}

import type { OrderEvent, OrderKind, OrderStatus, PaymentMethod, PaymentStatus } from '../db/schema';
import { splitOrder, type OperationInput } from '../domain/ledger';
import { payOperation, refundOperation, settleOperation, type LedgerOrder } from '../domain/order-ledger';
import { canApply, createEventFor, isCancel, orderNumber, senderOf, statusAfter } from '../domain/order-lifecycle';
import { num, rows, type Conn } from './sql-text';

/**
 * Replays orders against the API's own rules: each history through the lifecycle's transition table (status,
 * biker, actors, times), the order number, the items and the split (`splitOrder`), and the ledger operations the
 * API's `order-ledger` builds for the history, leg by leg, against the wallet transactions stored. Answers the
 * problems found (none means consistent). `every` checks one order in that many (1 = all).
 */
interface OrderRow {
  id: number;
  company_id: number;
  app_id: number;
  area_id: number;
  kind: OrderKind;
  order_no: string;
  member_id: number;
  shop_id: number | null;
  biker_id: number | null;
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  items_total: number;
  delivery_fee: number;
  discount: number;
  total: number;
  app_share: number | null;
  shop_share: number | null;
  biker_share: number | null;
  created_us: number;
  updated_us: number;
  /** The company's time zone (the day of the order's number). */
  time_zone: string;
  items: number;
  shop_rate: number;
  biker_rate: number;
}
interface EventRow {
  order_id: number;
  event: OrderEvent;
  actor_type: string;
  actor_id: number | null;
  biker_id: number | null;
  at_us: number;
}
interface LegRow {
  order_id: number;
  key: string;
  owner_type: string;
  owner_id: number;
  type: string;
  amount: number;
  status: string;
}

/** A timestamp as whole microseconds since the epoch (the drivers answer timestamps in different shapes). */
const US = (col: string) => `(extract(epoch FROM ${col}) * 1000000)::int8`;

const byOrder = <T extends { order_id: number }>(list: T[]) => {
  const map = new Map<number, T[]>();
  for (const row of list) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row]);
  return map;
};

function checkHistory(o: OrderRow, events: EventRow[], problems: string[]): { paid: boolean; ended: boolean } {
  const say = (what: string) => problems.push(`order ${o.id}: ${what}`);
  let status: OrderStatus | null = null;
  let biker: number | null = null;
  let last = 0;
  let paid = false;
  let ended = false;
  if (events[0]?.event !== createEventFor(o.payment_method)) say(`first event ${events[0]?.event}`);
  if (events[0] && events[0].at_us !== o.created_us) say('first event is not at the creation');
  for (const e of events) {
    if (!canApply(o.kind, status, e.event)) say(`${status} → ${e.event} refused by the lifecycle`);
    if (e.at_us <= last) say(`${e.event} not after the event before it`);
    last = e.at_us;
    if (e.event === 'biker_receive_order' || e.event === 'biker_change') {
      if (e.biker_id === null || e.biker_id === biker) say(`${e.event} without a new biker`);
      biker = e.biker_id;
    }
    const sender = senderOf(e.event);
    const expectedActor = sender === 'member' ? o.member_id : sender === 'shop' ? o.shop_id : sender === 'biker' ? biker : e.actor_id;
    if ((sender === 'operator' ? 'admin' : sender) !== e.actor_type || expectedActor !== e.actor_id) say(`${e.event} by ${e.actor_type} ${e.actor_id}`);
    if (e.event === 'member_create_order_payment_success') paid = true;
    if (e.event === 'success' && o.payment_method === 'cash') paid = true;
    if (isCancel(e.event) || e.event === 'fail') ended = true;
    status = status === null ? (e.event as OrderStatus) : statusAfter(status, e.event);
  }
  if (status !== o.status) say(`status ${o.status}, history ends in ${status}`);
  if (biker !== o.biker_id) say(`biker ${o.biker_id}, history gives ${biker}`);
  if (last !== o.updated_us) say('updated_at is not the last event');
  return { paid, ended };
}

function expectedOperations(o: OrderRow, paid: boolean, ended: boolean): OperationInput[] {
  const base: LedgerOrder = {
    id: o.id,
    companyId: o.company_id,
    appId: o.app_id,
    areaId: o.area_id,
    memberId: o.member_id,
    shopId: o.shop_id,
    bikerId: o.biker_id,
    paymentMethod: o.payment_method,
    paymentStatus: 'unpaid',
    total: o.total,
  };
  const ops: OperationInput[] = [];
  const prepaid = paid && o.payment_method !== 'cash';
  if (prepaid) ops.push(payOperation(base));
  if (o.status === 'success') {
    const shares = splitOrder(o.items_total, o.delivery_fee, o.discount, { shopCommission: o.shop_rate, bikerCommission: o.biker_rate });
    ops.push(settleOperation({ ...base, paymentStatus: prepaid ? 'paid' : 'unpaid' }, shares));
  }
  if (prepaid && ended) ops.push(refundOperation(base));
  return ops;
}

function checkMoney(o: OrderRow, legs: LegRow[], paid: boolean, ended: boolean, problems: string[]): void {
  const say = (what: string) => problems.push(`order ${o.id}: ${what}`);
  if (o.order_no !== orderNumber(o.kind, new Date(Math.floor(o.created_us / 1000)), o.id, o.time_zone)) say(`number ${o.order_no}`);
  if (o.items !== o.items_total) say(`items add up to ${o.items}, items_total ${o.items_total}`);
  const payment: PaymentStatus = !paid ? 'unpaid' : ended && o.payment_method !== 'cash' ? 'refunded' : 'paid';
  if (o.payment_status !== payment) say(`payment ${o.payment_status}, history gives ${payment}`);
  if (o.status === 'success') {
    const s = splitOrder(o.items_total, o.delivery_fee, o.discount, { shopCommission: o.shop_rate, bikerCommission: o.biker_rate });
    if (s.app !== o.app_share || s.shop !== o.shop_share || s.biker !== o.biker_share) say('split differs from splitOrder');
  }
  const expected = expectedOperations(o, paid, ended).flatMap((op) =>
    op.legs.filter((l) => l.amount !== 0).map((l) => `${op.key} ${l.owner.type}:${l.owner.id} ${l.type} ${l.amount} Success`),
  );
  const actual = legs.map((l) => `${l.key} ${l.owner_type}:${l.owner_id} ${l.type} ${l.amount} ${l.status}`);
  if (expected.join('|') !== actual.join('|')) say(`ledger ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

export async function verifyOrders(db: Conn, every = 1): Promise<{ checked: number; problems: string[] }> {
  const sample = `o.id % ${num(every)} = 0`;
  const orders = (
    await rows<OrderRow>(
      db,
      `SELECT o.*, ${US('o.created_at')} AS created_us, ${US('o.updated_at')} AS updated_us, coalesce((SELECT sum(qty * price) FROM order_items i WHERE i.order_id = o.id), 0)::int AS items,
      coalesce(c.shop_commission, 1500) AS shop_rate, coalesce(c.biker_commission, 2000) AS biker_rate, co.time_zone
    FROM orders o JOIN companies co ON co.id = o.company_id LEFT JOIN commission_configs c ON c.app_id = o.app_id WHERE ${sample} ORDER BY o.id`,
    )
  ).map((o) => ({ ...o, created_us: Number(o.created_us), updated_us: Number(o.updated_us) }));
  const events = byOrder(
    (
      await rows<EventRow>(
        db,
        `SELECT e.order_id, e.event, e.actor_type, e.actor_id, e.biker_id, ${US('e.at')} AS at_us
    FROM order_events e JOIN orders o ON o.id = e.order_id WHERE ${sample} ORDER BY e.id`,
      )
    ).map((e) => ({ ...e, at_us: Number(e.at_us) })),
  );
  const legs = byOrder(
    await rows<LegRow>(
      db,
      `SELECT t.order_id, op.idempotency_key AS key, w.owner_type, w.owner_id, t.type, t.amount::int8 AS amount, t.status
    FROM wallet_transactions t JOIN ledger_operations op ON op.id = t.operation_id JOIN wallets w ON w.id = t.wallet_id
    JOIN orders o ON o.id = t.order_id WHERE ${sample} ORDER BY op.id, t.id`,
    ),
  );
  const problems: string[] = [];
  for (const o of orders) {
    const history = checkHistory(o, events.get(o.id) ?? [], problems);
    checkMoney(
      o,
      (legs.get(o.id) ?? []).map((l) => ({ ...l, amount: Number(l.amount) })),
      history.paid,
      history.ended,
      problems,
    );
  }
  return { checked: orders.length, problems };
}

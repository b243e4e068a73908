import type { ActorType, OrderEvent, OrderKind, OrderStatus } from '../db/schema';
import { canApply, senderOf, statusAfter } from '../domain/order-lifecycle';

/**
 * The event histories the seed gives its orders: for each kind and way of paying, the possible fates (success,
 * success after a change of biker, fail, the cancels) as timed steps. Every path is checked against the lifecycle's
 * transition table when this module loads, so the seed can only write histories the API would have allowed.
 */
export interface PathStep {
  event: OrderEvent;
  /** Minutes after the order's creation (scaled per order). */
  offsetMin: number;
  actor: ActorType;
  /** The biker acting or set by the event: 1 the first, 2 the one after a `biker_change`, 0 none. */
  bikerSlot: 0 | 1 | 2;
  /** The event sets the order's biker (`biker_receive_order`, `biker_change`): `order_events.biker_id`. */
  setsBiker: boolean;
}

export interface OrderPath {
  id: number;
  kind: OrderKind;
  cash: boolean;
  fate: Fate;
  /** Share of the orders of this kind and way of paying. */
  weight: number;
  steps: PathStep[];
}

type Fate = 'success' | 'success_change' | 'fail' | 'abandoned' | 'member_cancel' | 'shop_cancel' | 'admin_cancel';
const FATE_SHARE: Record<Fate, number> = {
  success: 0.86,
  success_change: 0.04,
  fail: 0.025,
  abandoned: 0.02,
  member_cancel: 0.02,
  shop_cancel: 0.025,
  admin_cancel: 0.015,
};

type Timed = [OrderEvent, number];

/** The way to the drop-off: creation, payment, the shop, the biker's legs. */
function trunk(kind: OrderKind, cash: boolean): Timed[] {
  const steps: Timed[] = cash
    ? [['member_create_order', 0]]
    : [
        ['member_create_order_waiting_payment', 0],
        ['member_create_order_payment_success', 1],
      ];
  if (kind === 'food')
    return [...steps, ['shop_receive_order', 3], ['biker_receive_order', 8], ['biker_to_shop', 12], ['food_otw', 22], ['biker_to_member', 38]];
  return [...steps, ['biker_receive_order', 4], ['biker_to_shop', 10], ['food_otw', 14], ['biker_to_member', 35]];
}

const upTo = (steps: Timed[], event: OrderEvent): Timed[] => steps.slice(0, steps.findIndex(([e]) => e === event) + 1);
const then = (steps: Timed[], event: OrderEvent, after: number): Timed[] => [...steps, [event, steps.at(-1)![1] + after]];

function fateSteps(kind: OrderKind, cash: boolean, fate: Fate): Timed[] | null {
  const way = trunk(kind, cash);
  const created = upTo(way, cash ? 'member_create_order' : 'member_create_order_payment_success');
  switch (fate) {
    case 'success':
      return then(way, 'success', 2);
    case 'fail':
      return then(way, 'fail', 7);
    case 'success_change': {
      const at = way.findIndex(([e]) => e === 'biker_receive_order');
      const change: Timed = ['biker_change', (way[at]![1] + way[at + 1]![1]) / 2];
      return then([...way.slice(0, at + 1), change, ...way.slice(at + 1)], 'success', 2);
    }
    case 'abandoned':
      return cash
        ? null
        : [
            ['member_create_order_waiting_payment', 0],
            ['member_cancel_order', 15],
          ];
    case 'member_cancel':
      return then(created, 'member_cancel_order', 1.5);
    case 'shop_cancel':
      return kind === 'food' ? then(upTo(way, 'shop_receive_order'), 'shop_cancel_order', 2) : null;
    case 'admin_cancel':
      return then(upTo(way, kind === 'food' ? 'biker_to_shop' : 'biker_receive_order'), 'admin_cancel_order', 5);
  }
}

function toSteps(kind: OrderKind, timed: Timed[]): PathStep[] {
  let status: OrderStatus | null = null;
  let slot: 0 | 1 | 2 = 0;
  return timed.map(([event, offsetMin]) => {
    if (!canApply(kind, status, event)) throw new Error(`seed path refused: ${kind} ${status ?? '(new)'} → ${event}`);
    status = status === null ? (event as OrderStatus) : statusAfter(status, event);
    if (event === 'biker_receive_order') slot = 1;
    if (event === 'biker_change') slot = 2;
    const sender = senderOf(event);
    const actor: ActorType = sender === 'operator' ? 'admin' : sender;
    return {
      event,
      offsetMin,
      actor,
      bikerSlot: actor === 'biker' || event === 'biker_change' ? slot : 0,
      setsBiker: event === 'biker_receive_order' || event === 'biker_change',
    };
  });
}

function buildPaths(): OrderPath[] {
  const paths: OrderPath[] = [];
  for (const kind of ['food', 'parcel'] as const) {
    for (const cash of [true, false]) {
      const fates = (Object.keys(FATE_SHARE) as Fate[]).map((fate) => ({ fate, timed: fateSteps(kind, cash, fate) }));
      const usable = fates.filter((f): f is { fate: Fate; timed: Timed[] } => f.timed !== null);
      const sum = usable.reduce((s, f) => s + FATE_SHARE[f.fate], 0);
      for (const f of usable) paths.push({ id: paths.length + 1, kind, cash, fate: f.fate, weight: FATE_SHARE[f.fate] / sum, steps: toSteps(kind, f.timed) });
    }
  }
  return paths;
}

export const ORDER_PATHS: readonly OrderPath[] = buildPaths();

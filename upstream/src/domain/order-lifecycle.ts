import { isChangeable, isWaitingForBiker, type OrderKind, type OrderStatus, type PaymentMethod } from '@contract/lifecycle';
import type { MonitorFlags } from '@contract/resources/monitor';
import { localDay } from './order-dates';

/** The order lifecycle lives in the wire contract (contract/lifecycle, docs/orders.md section 1). */
export {
  ASSIGNED_STATUSES,
  CANCEL_EVENTS,
  CREATE_EVENTS,
  ORDER_KINDS,
  ORDER_STATUSES,
  TERMINAL_STATUSES,
  TRANSITIONS,
  allowedEvents,
  canApply,
  isAssigned,
  isCancel,
  isTerminal,
  outcomeOf,
  refundsWhenPaid,
  senderOf,
  statusAfter,
  statusesOf,
  waitingStatuses,
  type EventSender,
  type Outcome,
} from '@contract/lifecycle';

/**
 * The monitor's flags of an order in a status with (or without) a biker, as the detail's `assignBiker` and
 * `changeBiker` actions: it waits for a biker, or its biker can be changed.
 */
export const monitorFlags = (kind: OrderKind, status: OrderStatus, bikerId: number | string | null): MonitorFlags => ({
  waiting: bikerId === null && isWaitingForBiker(kind, status),
  changeable: bikerId !== null && isChangeable(kind, status),
});

/** The event that starts an order: cash orders are created, the others wait for their payment. */
export const createEventFor = (method: PaymentMethod): 'member_create_order' | 'member_create_order_waiting_payment' =>
  method === 'cash' ? 'member_create_order' : 'member_create_order_waiting_payment';

/**
 * `F261122-0000123`: F (food) or P (parcel), the creation day `YYMMDD` in the company's time zone, the id padded to 7
 * digits. A number is given once: a later change of zone leaves it as it is.
 */
export function orderNumber(kind: OrderKind, createdAt: Date, id: number, timeZone: string): string {
  const day = localDay(createdAt, timeZone);
  return `${kind === 'food' ? 'F' : 'P'}${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}-${String(id).padStart(7, '0')}`;
}

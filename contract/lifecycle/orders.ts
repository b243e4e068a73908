/**
 * The order lifecycle of docs/orders.md section 1, the one table of allowed transitions shared by food and parcel
 * orders, and the payment and wallet vocabularies. An order's status is its last lifecycle event; `biker_change` is
 * recorded but never becomes the status.
 */
export const ORDER_KINDS = ['food', 'parcel'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The spec's order-history events. */
export const ORDER_EVENTS = [
  'member_create_order_waiting_payment',
  'member_create_order_payment_success',
  'member_create_order',
  'shop_receive_order',
  'biker_receive_order',
  'biker_to_shop',
  'food_otw',
  'biker_to_member',
  'success',
  'fail',
  'member_cancel_order',
  'shop_cancel_order',
  'admin_cancel_order',
  'biker_change',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];
export type OrderStatus = Exclude<OrderEvent, 'biker_change'>;

/** Every status in lifecycle order. */
export const ORDER_STATUSES = [
  'member_create_order_waiting_payment',
  'member_create_order',
  'member_create_order_payment_success',
  'shop_receive_order',
  'biker_receive_order',
  'biker_to_shop',
  'food_otw',
  'biker_to_member',
  'success',
  'fail',
  'member_cancel_order',
  'shop_cancel_order',
  'admin_cancel_order',
] as const satisfies readonly OrderStatus[];

/** The spec's payment methods: pay by cash, PromptPay, wallet, credit card, paypal. */
export const PAYMENT_METHODS = ['cash', 'promptpay', 'wallet', 'credit_card', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** `correction`: an operator's signed adjustment of a wallet (Wallet Monitoring's operator actions, docs/orders.md). */
export const TRANSACTION_TYPES = ['pay', 'refund', 'deposit', 'withdraw', 'bonus', 'create', 'cancel', 'correction'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ['Pending', 'Success'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const CANCEL_EVENTS = ['member_cancel_order', 'shop_cancel_order', 'admin_cancel_order'] as const satisfies readonly OrderEvent[];
export const TERMINAL_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['success', 'fail', ...CANCEL_EVENTS]);
/** A biker is assigned while an order of theirs is in one of these. */
export const ASSIGNED_STATUSES = ['biker_receive_order', 'biker_to_shop', 'food_otw', 'biker_to_member'] as const satisfies readonly OrderStatus[];
/** Events that start an order (allowed from no status). */
export const CREATE_EVENTS = ['member_create_order_waiting_payment', 'member_create_order'] as const satisfies readonly OrderEvent[];
/**
 * The events a back-office user may send through the portal: cancel, and assign or change the biker. Every other event
 * stands for the member, shop or biker app or for the payment provider and never passes the BFF.
 */
export const BACK_OFFICE_EVENTS = ['admin_cancel_order', 'biker_receive_order', 'biker_change'] as const satisfies readonly OrderEvent[];

type From = OrderStatus | null;
type Rule = Readonly<Record<OrderKind, readonly From[]>>;
const both = (...from: From[]): Rule => ({ food: from, parcel: from });
const PAID_OR_CASH: OrderStatus[] = ['member_create_order', 'member_create_order_payment_success'];
const BEFORE_SHOP: OrderStatus[] = ['member_create_order_waiting_payment', ...PAID_OR_CASH];
const ADMIN_CANCELLABLE = ORDER_STATUSES.filter((s) => !TERMINAL_STATUSES.has(s));

/** Event → the statuses (per kind) it is allowed from; `null` is a new order. */
export const TRANSITIONS: Readonly<Record<OrderEvent, Rule>> = {
  member_create_order_waiting_payment: both(null),
  member_create_order: both(null),
  member_create_order_payment_success: both('member_create_order_waiting_payment'),
  shop_receive_order: { food: PAID_OR_CASH, parcel: [] },
  biker_receive_order: { food: ['shop_receive_order'], parcel: PAID_OR_CASH },
  biker_to_shop: both('biker_receive_order'),
  food_otw: both('biker_to_shop'),
  biker_to_member: both('food_otw'),
  success: both('biker_to_member'),
  fail: both('biker_to_member'),
  member_cancel_order: both(...BEFORE_SHOP),
  shop_cancel_order: { food: [...PAID_OR_CASH, 'shop_receive_order', 'biker_receive_order', 'biker_to_shop'], parcel: [] },
  admin_cancel_order: both(...ADMIN_CANCELLABLE),
  biker_change: both('biker_receive_order', 'biker_to_shop', 'food_otw'),
};

/** What an event does to an order in a status: moves it, is refused, or (admin cancel sent again) leaves it as it is. */
export type Outcome = 'allowed' | 'refused' | 'unchanged';

export function outcomeOf(kind: OrderKind, status: OrderStatus | null, event: OrderEvent): Outcome {
  if (TRANSITIONS[event][kind].includes(status)) return 'allowed';
  if (event === 'admin_cancel_order' && status === 'admin_cancel_order') return 'unchanged';
  return 'refused';
}

export const canApply = (kind: OrderKind, status: OrderStatus | null, event: OrderEvent): boolean => outcomeOf(kind, status, event) === 'allowed';

/** The events allowed from a status (an order's next possible steps). */
export function allowedEvents(kind: OrderKind, status: OrderStatus | null): OrderEvent[] {
  return ORDER_EVENTS.filter((event) => canApply(kind, status, event));
}

/** The status after an allowed event (`biker_change` keeps it). */
export const statusAfter = (status: OrderStatus, event: OrderEvent): OrderStatus => (event === 'biker_change' ? status : event);

export const isTerminal = (status: OrderStatus): boolean => TERMINAL_STATUSES.has(status);
export const isAssigned = (status: string): boolean => (ASSIGNED_STATUSES as readonly string[]).includes(status);
export const isCancel = (event: OrderEvent): boolean => (CANCEL_EVENTS as readonly string[]).includes(event);
export const isBackOfficeEvent = (event: string): boolean => (BACK_OFFICE_EVENTS as readonly string[]).includes(event);
/** A cancel or `fail`: a paid order is refunded. */
export const refundsWhenPaid = (event: OrderEvent): boolean => isCancel(event) || event === 'fail';

/** The statuses an order of the kind can reach (parcels never meet a shop). */
export const statusesOf = (kind: OrderKind | undefined): OrderStatus[] => ORDER_STATUSES.filter((s) => kind === undefined || TRANSITIONS[s][kind].length > 0);

/** Ready for a biker and none yet: food once the shop received it; parcels once created (cash) or paid. */
export const waitingStatuses = (kind: OrderKind): OrderStatus[] => TRANSITIONS.biker_receive_order[kind].filter((s): s is OrderStatus => s !== null);

const isKind = (kind: string): kind is OrderKind => (ORDER_KINDS as readonly string[]).includes(kind);
const allows = (event: OrderEvent, kind: string, status: string): boolean =>
  isKind(kind) && (TRANSITIONS[event][kind] as readonly (string | null)[]).includes(status);

/** The biker of an order of this kind and status can be changed (`biker_change` allowed); false for unknown values. */
export const isChangeable = (kind: string, status: string): boolean => allows('biker_change', kind, status);
/** The order waits for a biker (`biker_receive_order` allowed); false for unknown values. */
export const isWaitingForBiker = (kind: string, status: string): boolean => allows('biker_receive_order', kind, status);

/** Who sends an event: the member, shop or biker app, or an operator of the back-office. */
export type EventSender = 'member' | 'shop' | 'biker' | 'operator';
export function senderOf(event: OrderEvent): EventSender {
  if (event.startsWith('member_')) return 'member';
  if (event.startsWith('shop_')) return 'shop';
  if (event === 'admin_cancel_order' || event === 'biker_change') return 'operator';
  return 'biker';
}

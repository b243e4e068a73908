import { statusDef } from '@/app/_components/ui/status';
import type { Option } from '@/lib/resources/kit';

/**
 * The order statuses of docs/orders.md in lifecycle order: every event but `biker_change`, which is recorded and
 * never becomes the status.
 */
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
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The spec's five payment methods, as the Platform API spells them. */
export const PAYMENT_METHODS = ['cash', 'promptpay', 'wallet', 'credit_card', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_KINDS = ['food', 'parcel'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The business list of a kind: food orders are `Orders`, parcel orders `OrdersMessenger`. */
export const listOf = (kind: string): 'Orders' | 'OrdersMessenger' => (kind === 'parcel' ? 'OrdersMessenger' : 'Orders');

/** Page path of an order's view: `/Service/Delivery/Orders/View/12`. */
export const orderViewPath = (service: string, kind: string, id: string): string => `/Service/${service}/${listOf(kind)}/View/${encodeURIComponent(id)}`;

/** Page path of a kind's list with some filters: `/Service/Delivery/Orders?status=success`. */
export function orderListPath(service: string, kind: string, filters: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(filters).sort()) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return `/Service/${service}/${listOf(kind)}${search ? `?${search}` : ''}`;
}

/** Select options whose labels are the translated badges of a status kind (`status.orderEvent.success`, …). */
function badgeOptions(kind: 'orderEvent' | 'paymentMethod', values: readonly string[]): Option[] {
  return values.map((value) => ({ value, label: `status.${kind}.${statusDef(kind, value)?.key ?? value}` }));
}

export const statusOptions = (): Option[] => badgeOptions('orderEvent', ORDER_STATUSES);
export const paymentMethodOptions = (): Option[] => badgeOptions('paymentMethod', PAYMENT_METHODS);

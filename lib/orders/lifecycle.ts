import { ORDER_STATUSES, PAYMENT_METHODS } from '@contract/lifecycle';
import { badgeOptions } from '@/lib/status';
import type { Option } from '@/lib/resources/kit';

export { ORDER_KINDS, ORDER_STATUSES, PAYMENT_METHODS, type OrderKind, type OrderStatus, type PaymentMethod } from '@contract/lifecycle';

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

export const statusOptions = (): Option[] => badgeOptions('orderEvent', ORDER_STATUSES);
export const paymentMethodOptions = (): Option[] => badgeOptions('paymentMethod', PAYMENT_METHODS);

import { orderContract } from '@contract/resources/orders';
import { paymentMethodOptions, statusOptions } from '@/lib/orders/lifecycle';
import type { ColumnDef, FilterDef } from './kit';
import { defineScreen, type ScreenDecl } from './screen';

/** Filters both order lists take (docs/orders.md section 4); the parcel list has no shop. */
export function orderFilters({ shop }: { shop: boolean }): FilterDef[] {
  return [
    { field: 'status', label: 'fields.status', kind: 'select', options: statusOptions() },
    { field: 'paymentMethod', label: 'fields.paymentMethod', kind: 'select', options: paymentMethodOptions() },
    { field: 'from', label: 'fields.from', kind: 'date' },
    { field: 'to', label: 'fields.to', kind: 'date' },
    ...(shop ? [{ field: 'shopId', label: 'fields.shop', kind: 'select', optionsFrom: 'shops' } satisfies FilterDef] : []),
    { field: 'bikerId', label: 'fields.biker', kind: 'select', optionsFrom: 'bikers' },
    { field: 'member', label: 'fields.memberSearch', kind: 'text' },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ];
}

const head: ColumnDef[] = [
  { field: 'orderNo', label: 'fields.orderNo', kind: 'text', link: true, nowrap: true },
  { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
];
const tail: ColumnDef[] = [
  { field: 'bikerName', label: 'fields.biker', kind: 'text' },
  { field: 'areaName', label: 'fields.area', kind: 'text' },
  { field: 'paymentMethod', label: 'fields.paymentMethod', kind: 'status', statusKind: 'paymentMethod' },
  { field: 'status', label: 'fields.status', kind: 'status', statusKind: 'orderEvent' },
];

/**
 * What both order screens share: read-only lists of the order contract (its paths `Orders` and `OrdersMessenger`),
 * exported as filtered; a row opens on the order's page (`screen('orderView', …)` in lib/routes.ts).
 */
export const orderListBase = {
  namespace: 'orders',
  exportable: true,
  search: { label: 'search.label', placeholder: 'search.placeholder' },
} satisfies Partial<ScreenDecl>;

/** Food orders: `/Service/{service}/Orders`. */
export const ordersResource = defineScreen(orderContract, {
  ...orderListBase,
  key: 'orders',
  titleKey: 'titleFood',
  columns: [
    ...head,
    { field: 'memberName', label: 'fields.member', kind: 'text' },
    { field: 'shopName', label: 'fields.shop', kind: 'text' },
    ...tail,
    { field: 'total', label: 'fields.total', kind: 'money', sortable: true },
  ],
  filters: orderFilters({ shop: true }),
});

export { head as orderHeadColumns, tail as orderTailColumns };

import { z } from 'zod';
import { paymentMethodOptions, statusOptions } from '@/lib/orders/lifecycle';
import { defineResource, type ColumnDef, type FilterDef, type ResourceModule } from './kit';
import { orderDetailSchema, orderRowSchema } from './orders-schemas';

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

/** What both order modules share: read-only lists over the order row, sorted by creation or total. */
export const orderListBase = {
  namespace: 'orders',
  schemas: { row: orderRowSchema, detail: orderDetailSchema, create: z.never(), update: z.never() },
  sortFields: ['createdAt', 'total'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
  sections: [],
  exportable: true,
  readOnly: true,
  defaults: {},
  search: { label: 'search.label', placeholder: 'search.placeholder' },
} satisfies Partial<ResourceModule>;

/** Food orders: `/Service/{service}/Orders`. */
export const ordersResource = defineResource({
  ...orderListBase,
  key: 'orders',
  api: 'Orders',
  titleKey: 'titleFood',
  columns: [
    ...head,
    { field: 'memberName', label: 'fields.member', kind: 'text' },
    { field: 'shopName', label: 'fields.shop', kind: 'text' },
    ...tail,
    { field: 'total', label: 'fields.total', kind: 'money', sortable: true },
  ],
  filters: orderFilters({ shop: true }),
  routes: { list: '/Orders', view: '/Orders/View' },
});

export { head as orderHeadColumns, tail as orderTailColumns };

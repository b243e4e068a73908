import { defineResource } from './kit';
import { orderFilters, orderHeadColumns, orderListBase, orderTailColumns } from './orders';

/** Parcel (messenger) orders: `/Service/{service}/OrdersMessenger`, with sender, receiver, weight and fee. */
export const ordersMessengerResource = defineResource({
  ...orderListBase,
  key: 'ordersMessenger',
  api: 'OrdersMessenger',
  titleKey: 'titleParcel',
  columns: [
    ...orderHeadColumns,
    { field: 'senderName', label: 'fields.sender', kind: 'text' },
    { field: 'receiverName', label: 'fields.receiver', kind: 'text' },
    { field: 'weightGram', label: 'fields.weight', kind: 'weight' },
    ...orderTailColumns,
    { field: 'deliveryFee', label: 'fields.fee', kind: 'money' },
    { field: 'total', label: 'fields.total', kind: 'money', sortable: true },
  ],
  filters: orderFilters({ shop: false }),
  routes: { list: '/OrdersMessenger', view: '/OrdersMessenger/View' },
});

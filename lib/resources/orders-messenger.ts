import { orderContract } from '@contract/resources/orders';
import { orderFilters, orderHeadColumns, orderListBase, orderTailColumns } from './orders';
import { defineScreen } from './screen';

/** Parcel (messenger) orders: `/Service/{service}/OrdersMessenger`, with sender, receiver, weight and fee. */
export const ordersMessengerResource = defineScreen(orderContract, {
  ...orderListBase,
  key: 'ordersMessenger',
  path: 'OrdersMessenger',
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
});

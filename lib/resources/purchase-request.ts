import { PURCHASE_REQUEST_STATES } from '@contract/lifecycle';
import { purchaseRequestContract } from '@contract/resources/purchase-request';
import { defineScreen } from './screen';

/**
 * Marketplace → Request/Buy: members' purchase requests, a read-only list (newest first); each opens on its page
 * (`Request/Buy/View/{id}`), where staff quote a price or close it.
 */
export const purchaseRequestResource = defineScreen(purchaseRequestContract, {
  key: 'purchaseRequest',
  namespace: 'purchaseRequest',
  columns: [
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
    { field: 'images', label: 'fields.images', kind: 'image' },
    { field: 'title', label: 'fields.title', kind: 'text', sortable: true, link: true },
    { field: 'memberName', label: 'fields.memberName', kind: 'text' },
    { field: 'quantity', label: 'fields.quantity', kind: 'text', sortable: true },
    { field: 'state', label: 'fields.state', kind: 'status', statusKind: 'purchaseRequest' },
    { field: 'quotePrice', label: 'fields.quotePrice', kind: 'money' },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
  ],
  filters: [
    {
      field: 'state',
      label: 'fields.state',
      kind: 'select',
      options: PURCHASE_REQUEST_STATES.map((value) => ({ value, label: `status.purchaseRequest.${value}` })),
    },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ],
  search: { label: 'search.label', placeholder: 'search.placeholder' },
});

import { memberContract } from '@contract/resources/accounts';
import { SHOP_STATUSES } from '@contract/lifecycle';
import { accountStatusOptions } from './options';
import { defineScreen } from './screen';

/** Members (admins only): the list; a row opens the member's page (`screen('memberView', 'member')`). */
export const memberResource = defineScreen(memberContract, {
  key: 'member',
  namespace: 'member',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  exportable: true,
  columns: [
    { field: 'photo', label: 'fields.photo', kind: 'thumb' },
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'phone', label: 'fields.phone', kind: 'text', nowrap: true },
    { field: 'email', label: 'fields.email', kind: 'text' },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
    { field: 'status', label: 'fields.status', kind: 'status' },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  ],
  filters: [
    { field: 'status', label: 'fields.status', kind: 'select', options: accountStatusOptions(SHOP_STATUSES) },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ],
});

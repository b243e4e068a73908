import { bikerPackageContract } from '@contract/resources/biker-package';
import { OPEN_CLOSE } from './options';
import { defineScreen } from './screen';

/** Biker → Package Biker: the UI of the biker packages on their contract (Add and View on their own pages). */
export const bikerPackageResource = defineScreen(bikerPackageContract, {
  key: 'bikerPackage',
  namespace: 'bikerPackage',
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'fee', label: 'fields.fee', kind: 'money', sortable: true },
    { field: 'commissionRate', label: 'fields.commission', kind: 'percent', sortable: true },
    { field: 'duration', label: 'fields.duration', kind: 'text', sortable: true },
    { field: 'status', label: 'fields.status', kind: 'status' },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  ],
  filters: [{ field: 'status', label: 'fields.status', kind: 'select', options: OPEN_CLOSE }],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'name', label: 'fields.name', kind: 'text', required: true, hint: 'limit50' },
        { name: 'fee', label: 'fields.fee', kind: 'money', required: true },
        { name: 'commissionRate', label: 'fields.commissionRate', kind: 'number', required: true },
        { name: 'duration', label: 'fields.duration', kind: 'number', required: true },
        { name: 'status', label: 'fields.status', kind: 'select', required: true, options: OPEN_CLOSE },
      ],
    },
  ],
  defaults: { name: '', fee: 0, commissionRate: 0, duration: 30, status: 'active' },
  defaultSort: { sort: 'createdAt', order: 'desc' },
  search: { label: 'search.label', placeholder: 'search.placeholder' },
});

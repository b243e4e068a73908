import { companyContract } from '@contract/resources/company';
import { defineResource } from './kit';

/** Information (company area): the company's own particulars, saved with its version above the offices list. */
export const companyResource = defineResource({
  key: 'company',
  namespace: 'company',
  api: companyContract.path,
  scope: 'company',
  single: true,
  schemas: {
    row: companyContract.schemas.item,
    detail: companyContract.schemas.item,
    create: companyContract.schemas.update,
    update: companyContract.schemas.update,
  },
  columns: [],
  filters: [],
  sortFields: [],
  defaultSort: { sort: 'updatedAt', order: 'desc' },
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'name', label: 'fields.name', kind: 'text', required: true },
        { name: 'taxId', label: 'fields.taxId', kind: 'text' },
        { name: 'address', label: 'fields.address', kind: 'textarea' },
        { name: 'phone', label: 'fields.phone', kind: 'tel' },
        { name: 'email', label: 'fields.email', kind: 'email' },
        { name: 'logoUrl', label: 'fields.logoUrl', kind: 'url' },
      ],
    },
  ],
  routes: { list: '/Information' },
  defaults: {},
});

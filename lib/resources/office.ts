import { officeContract } from '@contract/resources/office';
import { defineScreen } from './screen';

/** Information (company area): the company's offices, added and edited in the list's own form. */
export const officeResource = defineScreen(officeContract, {
  key: 'office',
  namespace: 'office',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'address', label: 'fields.address', kind: 'text' },
    { field: 'taxId', label: 'fields.taxId', kind: 'text', nowrap: true },
    { field: 'phone', label: 'fields.phone', kind: 'text', nowrap: true },
    { field: 'email', label: 'fields.email', kind: 'text' },
    { field: 'contactName', label: 'fields.contactName', kind: 'text' },
  ],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'name', label: 'fields.name', kind: 'text', required: true },
        { name: 'taxId', label: 'fields.taxId', kind: 'text' },
        { name: 'address', label: 'fields.address', kind: 'textarea' },
      ],
    },
    {
      title: 'sections.contact',
      fields: [
        { name: 'contactName', label: 'fields.contactName', kind: 'text' },
        { name: 'phone', label: 'fields.phone', kind: 'tel' },
        { name: 'email', label: 'fields.email', kind: 'email' },
      ],
    },
  ],
});

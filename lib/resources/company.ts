import { companyContract } from '@contract/resources/company';
import { defineScreen } from './screen';

/** Information (company area): the company's own particulars, saved with its version above the offices list. */
export const companyResource = defineScreen(companyContract, {
  key: 'company',
  namespace: 'company',
  partOf: 'office',
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
});

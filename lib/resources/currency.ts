import { currencyContract, DECIMAL_MARKS, THOUSANDS_SEPARATORS } from '@contract/resources/currency';
import { defineResource } from './kit';

const options = (values: readonly string[], group: string) => values.map((value) => ({ value, label: `currency.${group}.${value}` }));

/** `/Currency`: how the service writes money (one record per app), saved with its version. */
export const currencyResource = defineResource({
  key: 'currency',
  namespace: 'currency',
  api: currencyContract.path,
  schemas: {
    row: currencyContract.schemas.item,
    detail: currencyContract.schemas.item,
    create: currencyContract.schemas.update,
    update: currencyContract.schemas.update,
  },
  columns: [],
  filters: [],
  sortFields: [],
  defaultSort: { sort: 'updatedAt', order: 'desc' },
  sections: [
    {
      title: 'sections.format',
      fields: [
        { name: 'word', label: 'fields.word', kind: 'text' },
        { name: 'decimals', label: 'fields.decimals', kind: 'select', required: true, options: options(['2', '0'], 'decimals') },
        { name: 'thousands', label: 'fields.thousands', kind: 'select', required: true, options: options(THOUSANDS_SEPARATORS, 'thousands') },
        { name: 'decimal', label: 'fields.decimal', kind: 'select', required: true, options: options(DECIMAL_MARKS, 'decimal') },
      ],
    },
  ],
  routes: { list: '/Currency' },
  defaults: {},
  single: true,
});

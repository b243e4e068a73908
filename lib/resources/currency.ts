import { currencyContract, DECIMAL_MARKS, THOUSANDS_SEPARATORS } from '@contract/resources/currency';
import { defineScreen } from './screen';

const options = (values: readonly string[], group: string) => values.map((value) => ({ value, label: `currency.${group}.${value}` }));

/** `/Currency`: how the service writes money and the currency its payments are taken in (one record per app), saved with its version. */
export const currencyResource = defineScreen(currencyContract, {
  key: 'currency',
  namespace: 'currency',
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
    {
      // A payment callback in another currency is refused (docs/orders.md).
      title: 'sections.payments',
      fields: [{ name: 'code', label: 'fields.code', kind: 'text', required: true }],
    },
  ],
});

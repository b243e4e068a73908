import { APP_LANGUAGES, APP_TYPES, applicationContract } from '@contract/resources/applications';
import { defineScreen } from './screen';

const LANGUAGE_NAMES = { en: 'English', th: 'ไทย', zh: '中文', my: 'မြန်မာ' } as const;

/** Application Manager (company area): the company's apps and their settings, added and edited above the list. */
export const applicationResource = defineScreen(applicationContract, {
  key: 'application',
  namespace: 'application',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  undeletable: true,
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'appType', label: 'fields.appType', kind: 'text' },
    { field: 'defaultLanguage', label: 'fields.defaultLanguage', kind: 'text' },
    { field: 'areas', label: 'fields.areas', kind: 'text' },
    { field: 'supportPhone', label: 'fields.supportPhone', kind: 'text', nowrap: true },
    { field: 'supportEmail', label: 'fields.supportEmail', kind: 'text' },
    { field: 'updatedAt', label: 'fields.updatedAt', kind: 'date' },
  ],
  filters: [{ field: 'appType', label: 'fields.appType', kind: 'select', options: APP_TYPES.map((value) => ({ value, label: value, literal: true })) }],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'name', label: 'fields.name', kind: 'text', required: true },
        {
          name: 'appType',
          label: 'fields.appType',
          kind: 'select',
          required: true,
          createOnly: true,
          options: APP_TYPES.map((value) => ({ value, label: value, literal: true })),
        },
        {
          name: 'defaultLanguage',
          label: 'fields.defaultLanguage',
          kind: 'select',
          required: true,
          options: APP_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value], literal: true })),
        },
      ],
    },
    {
      title: 'sections.support',
      fields: [
        { name: 'supportPhone', label: 'fields.supportPhone', kind: 'tel', hint: 'phoneInvalid' },
        { name: 'supportEmail', label: 'fields.supportEmail', kind: 'email', hint: 'emailInvalid' },
      ],
    },
  ],
  defaults: { name: '', appType: 'Delivery', defaultLanguage: 'th', supportPhone: '', supportEmail: '' },
});

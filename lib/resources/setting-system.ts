import { DISTANCE_UNIT_CODES, LANGUAGE_CODES, systemSettingsContract, TIME_ZONES } from '@contract/resources/system-settings';
import { AUTONYMS } from '@/lib/i18n/locales';
import { defineScreen } from './screen';

/** Time zones by their IANA names, as everyone writes them. */
const ZONES = TIME_ZONES.map((value) => ({ value, label: value, literal: true }));
/** Each language in its own words, as the language switcher shows it. */
const LANGUAGES = LANGUAGE_CODES.map((value) => ({ value, label: AUTONYMS[value], literal: true }));
const UNITS = DISTANCE_UNIT_CODES.map((value) => ({ value, label: `settingSystem.units.${value}` }));

/**
 * `Setting/System` (admin, General): the company's name and logo, time zone, default language and distance units;
 * one record on the company's row, with the change history below the form.
 */
export const settingSystemResource = defineScreen(systemSettingsContract, {
  key: 'settingSystem',
  namespace: 'settingSystem',
  sections: [
    {
      title: 'sections.company',
      fields: [
        { name: 'name', label: 'fields.name', kind: 'text', required: true },
        { name: 'logoUrl', label: 'fields.logoUrl', kind: 'image' },
      ],
    },
    {
      title: 'sections.regional',
      fields: [
        { name: 'timeZone', label: 'fields.timeZone', kind: 'select', required: true, options: ZONES },
        { name: 'defaultLanguage', label: 'fields.defaultLanguage', kind: 'select', required: true, options: LANGUAGES },
        { name: 'distanceUnit', label: 'fields.distanceUnit', kind: 'select', required: true, options: UNITS },
      ],
    },
  ],
  viewPanels: ['settingHistory'],
});

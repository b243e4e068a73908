import { popularContract } from '@contract/resources/popular';
import { defineScreen } from './screen';
import { YES_NO } from './options';

/** Privileges → Popular: the shops the member app features, by name, in hand order. */
export const popularResource = defineScreen(popularContract, {
  key: 'popular',
  namespace: 'popular',
  labelField: 'shopName',
  columns: [
    { field: 'sortOrder', label: 'fields.sortOrder', kind: 'text', sortable: true },
    { field: 'shopName', label: 'fields.shop', kind: 'text', link: true },
    { field: 'active', label: 'fields.active', kind: 'bool' },
    { field: 'startsOn', label: 'fields.startsOn', kind: 'text', sortable: true, nowrap: true },
    { field: 'endsOn', label: 'fields.endsOn', kind: 'text', nowrap: true },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
  ],
  filters: [
    { field: 'active', label: 'fields.active', kind: 'select', options: YES_NO },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
        { name: 'shopId', label: 'fields.shop', kind: 'select', optionsFrom: 'shops', required: true },
        { name: 'active', label: 'fields.active', kind: 'checkbox' },
        { name: 'startsOn', label: 'fields.startsOn', kind: 'date' },
        { name: 'endsOn', label: 'fields.endsOn', kind: 'date' },
      ],
    },
  ],
  defaults: { active: true },
});

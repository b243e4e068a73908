import { slideContract } from '@contract/resources/slide';
import { defineScreen } from './screen';
import { YES_NO } from './options';

/** Application Setting → Slide: the list, the form and hand ordering of the app's slides. */
export const slideResource = defineScreen(slideContract, {
  key: 'slide',
  namespace: 'slide',
  labelField: 'title',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'sortOrder', label: 'fields.sortOrder', kind: 'text', sortable: true },
    { field: 'imageUrl', label: 'fields.image', kind: 'image' },
    { field: 'title', label: 'fields.title', kind: 'text', sortable: true, link: true },
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
        { name: 'title', label: 'fields.title', kind: 'text', required: true },
        { name: 'imageUrl', label: 'fields.image', kind: 'image', required: true },
        { name: 'linkUrl', label: 'fields.linkUrl', kind: 'url' },
        { name: 'active', label: 'fields.active', kind: 'checkbox' },
        { name: 'startsOn', label: 'fields.startsOn', kind: 'date' },
        { name: 'endsOn', label: 'fields.endsOn', kind: 'date' },
        { name: 'sortOrder', label: 'fields.sortOrder', kind: 'number' },
      ],
    },
  ],
  defaults: { active: true },
});

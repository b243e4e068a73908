import { PROMOTION_TARGETS } from '@contract/lifecycle';
import { PROMOTION_STATUSES, promotionContract } from '@contract/resources/promotion';
import { badgeOptions } from '@/lib/status';
import { defineScreen } from './screen';

/** Privileges → Promotion: the list with each promotion's status today, and the form naming the whole app or some shops. */
export const promotionResource = defineScreen(promotionContract, {
  key: 'promotion',
  namespace: 'promotion',
  labelField: 'title',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'imageUrl', label: 'fields.image', kind: 'image' },
    { field: 'title', label: 'fields.title', kind: 'text', sortable: true, link: true },
    { field: 'status', label: 'fields.status', kind: 'status', statusKind: 'promotion' },
    { field: 'target', label: 'fields.target', kind: 'status', statusKind: 'promotionTarget' },
    { field: 'shopIds', label: 'fields.shopCount', kind: 'count' },
    { field: 'startsOn', label: 'fields.startsOn', kind: 'text', sortable: true, nowrap: true },
    { field: 'endsOn', label: 'fields.endsOn', kind: 'text', sortable: true, nowrap: true },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
  ],
  filters: [
    { field: 'status', label: 'fields.status', kind: 'select', options: badgeOptions('promotion', PROMOTION_STATUSES) },
    { field: 'target', label: 'fields.target', kind: 'select', options: badgeOptions('promotionTarget', PROMOTION_TARGETS) },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
        { name: 'title', label: 'fields.title', kind: 'text', required: true },
        { name: 'imageUrl', label: 'fields.image', kind: 'image', required: true },
        { name: 'detail', label: 'fields.detail', kind: 'textarea' },
        { name: 'startsOn', label: 'fields.startsOn', kind: 'date', required: true },
        { name: 'endsOn', label: 'fields.endsOn', kind: 'date', required: true },
        { name: 'active', label: 'fields.active', kind: 'checkbox' },
      ],
    },
    {
      title: 'sections.target',
      fields: [
        { name: 'target', label: 'fields.target', kind: 'select', options: badgeOptions('promotionTarget', PROMOTION_TARGETS), required: true },
        {
          name: 'shopIds',
          label: 'fields.shopIds',
          kind: 'multiSelect',
          optionsFrom: 'shops',
          required: true,
          visibleWhen: { field: 'target', equals: 'shops' },
        },
      ],
    },
  ],
  defaults: { active: true },
});

import { feedContract } from '@contract/resources/feed';
import { YES_NO } from './options';
import { defineScreen } from './screen';

/** Marketplace → Feed: the platform's posts and the shops' (each shop within its Limit_post). */
export const feedResource = defineScreen(feedContract, {
  key: 'feed',
  namespace: 'feed',
  labelField: 'title',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'imageUrl', label: 'fields.image', kind: 'image' },
    { field: 'title', label: 'fields.title', kind: 'text', sortable: true, link: true },
    { field: 'shopName', label: 'fields.shop', kind: 'text' },
    { field: 'active', label: 'fields.active', kind: 'bool' },
    { field: 'publishedAt', label: 'fields.publishedAt', kind: 'date', sortable: true, nowrap: true },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
  ],
  filters: [
    { field: 'shopId', label: 'fields.shop', kind: 'select', optionsFrom: 'shops' },
    { field: 'active', label: 'fields.active', kind: 'select', options: YES_NO },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
        { name: 'shopId', label: 'fields.shopOptional', kind: 'select', optionsFrom: 'shops' },
        { name: 'title', label: 'fields.title', kind: 'text', required: true },
        { name: 'body', label: 'fields.body', kind: 'textarea' },
        { name: 'imageUrl', label: 'fields.image', kind: 'image' },
        { name: 'active', label: 'fields.active', kind: 'checkbox' },
      ],
    },
  ],
  defaults: { active: true },
});

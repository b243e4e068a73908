import { productTypeContract } from '@contract/resources/product-type';
import { defineScreen } from './screen';

/** Marketplace → ProductType: the area's product types, added and renamed inline, ordered by hand. */
export const productTypeResource = defineScreen(productTypeContract, {
  key: 'productType',
  namespace: 'productType',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'sortOrder', label: 'fields.sortOrder', kind: 'text', sortable: true },
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  ],
  filters: [{ field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true }],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
        { name: 'name', label: 'fields.name', kind: 'text', required: true, hint: 'limit50' },
        { name: 'sortOrder', label: 'fields.sortOrder', kind: 'number' },
      ],
    },
  ],
  defaults: { name: '' },
});

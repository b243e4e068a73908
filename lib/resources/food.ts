import { FOOD_AVAILABILITY } from '@contract/lifecycle/catalogue';
import { foodContract } from '@contract/resources/food';
import { badgeOptions } from '@/lib/status';
import type { FieldDef } from './kit';
import { defineScreen } from './screen';

/** An option's or an add-on's row: its name and what it adds to the price. */
const choiceFields: readonly FieldDef[] = [
  { name: 'name', label: 'fields.choiceName', kind: 'text', required: true },
  { name: 'price', label: 'fields.choicePrice', kind: 'money', required: true },
];

/**
 * Products / Food: the Delivery shops' menus. The list finds a food by name, shop, menu section and availability, and
 * marks it sold out or back in stock from its row; the form keeps a food's options (one picked) and add-ons (any).
 */
export const foodResource = defineScreen(foodContract, {
  key: 'food',
  namespace: 'food',
  labelField: 'name',
  search: { label: 'search.label', placeholder: 'search.placeholder' },
  columns: [
    { field: 'sortOrder', label: 'fields.sortOrder', kind: 'text', sortable: true },
    { field: 'images', label: 'fields.images', kind: 'thumb' },
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'shopName', label: 'fields.shop', kind: 'text' },
    { field: 'category', label: 'fields.category', kind: 'text' },
    { field: 'price', label: 'fields.price', kind: 'money', sortable: true },
    { field: 'availability', label: 'fields.availability', kind: 'status', statusKind: 'foodAvailability' },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
  ],
  filters: [
    { field: 'shopId', label: 'fields.shop', kind: 'select', optionsFrom: 'shops' },
    { field: 'availability', label: 'fields.availability', kind: 'select', options: badgeOptions('foodAvailability', FOOD_AVAILABILITY) },
    { field: 'category', label: 'fields.category', kind: 'text' },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
        { name: 'shopId', label: 'fields.shop', kind: 'select', optionsFrom: 'shops', required: true },
        { name: 'name', label: 'fields.name', kind: 'text', required: true },
        { name: 'price', label: 'fields.price', kind: 'money', required: true },
        { name: 'category', label: 'fields.category', kind: 'text' },
        { name: 'availability', label: 'fields.availability', kind: 'select', options: badgeOptions('foodAvailability', FOOD_AVAILABILITY), required: true },
        { name: 'description', label: 'fields.description', kind: 'textarea' },
        { name: 'images', label: 'fields.images', kind: 'images' },
      ],
    },
    {
      title: 'sections.choices',
      fields: [
        { name: 'options', label: 'fields.options', kind: 'rows', rows: { add: 'addOption', fields: choiceFields } },
        { name: 'addOns', label: 'fields.addOns', kind: 'rows', rows: { add: 'addAddOn', fields: choiceFields } },
      ],
    },
  ],
  defaults: { availability: 'in_stock', options: [], addOns: [] },
  rowActions: [
    {
      key: 'soldOut',
      method: 'PATCH',
      path: '{id}/availability',
      when: { field: 'availability', equals: 'in_stock' },
      tone: 'danger',
      body: { availability: 'sold_out', version: { field: 'version' } },
    },
    {
      key: 'inStock',
      method: 'PATCH',
      path: '{id}/availability',
      when: { field: 'availability', equals: 'sold_out' },
      body: { availability: 'in_stock', version: { field: 'version' } },
    },
  ],
});

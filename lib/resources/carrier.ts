import { carrierContract } from '@contract/resources/carrier';
import { WEIGHT_BAND_KEYS } from '@contract/resources/messenger-fee';
import { weightBandsField } from './messenger-fee';
import { OPEN_CLOSE } from './options';
import { defineScreen } from './screen';

/**
 * Marketplace → Carrier: the carriers and their weight tables (bands in gram, the messenger fee's `rows` editor and
 * rules), added above the list and edited on `Carrier/{id}`, with the fee preview beside the form.
 */
export const carrierResource = defineScreen(carrierContract, {
  key: 'carrier',
  namespace: 'carrier',
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'status', label: 'fields.status', kind: 'status' },
    { field: 'maxWeight', label: 'fields.maxWeight', kind: 'weight', sortable: true },
    { field: 'bands', label: 'fields.bandCount', kind: 'count' },
    { field: 'areaName', label: 'fields.area', kind: 'text' },
    { field: 'updatedAt', label: 'fields.updatedAt', kind: 'date' },
  ],
  filters: [
    { field: 'status', label: 'fields.status', kind: 'select', options: OPEN_CLOSE },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
        { name: 'name', label: 'fields.name', kind: 'text', required: true, hint: 'limit50' },
        { name: 'status', label: 'fields.status', kind: 'select', required: true, options: OPEN_CLOSE },
        { name: 'maxWeight', label: 'fields.maxWeight', kind: 'number', required: true },
        weightBandsField,
      ],
    },
  ],
  defaults: { name: '', status: 'active', bands: [{ s_weight: 0, e_weight: 1000, price: 0 }] },
  viewPanels: ['feePreview'],
  bands: { keys: WEIGHT_BAND_KEYS, measure: 'weight' },
});

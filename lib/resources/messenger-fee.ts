import { WEIGHT_BAND_KEYS, messengerFeeContract } from '@contract/resources/messenger-fee';
import { defineScreen } from './screen';
import type { FieldDef } from './kit';

/** A weight table's bands (gram, with a price each), each new band starting where the last ends: messenger fee and carriers. */
export const weightBandsField: FieldDef = {
  name: 'bands',
  label: 'fields.bands',
  kind: 'rows',
  required: true,
  rows: {
    add: 'addBand',
    limit: 'maxWeight',
    chain: { from: 's_weight', to: 'e_weight' },
    fields: [
      { name: 's_weight', label: 'fields.s_weight', kind: 'number', required: true },
      { name: 'e_weight', label: 'fields.e_weight', kind: 'number', required: true },
      { name: 'price', label: 'fields.price', kind: 'money', required: true },
    ],
  },
};

/** Delivery Settings → Messenger fee: each area's parcel weight bands in gram, with a fee preview. */
export const messengerFeeResource = defineScreen(messengerFeeContract, {
  key: 'messengerFee',
  namespace: 'messengerFee',
  labelField: 'areaName',
  columns: [
    { field: 'areaName', label: 'fields.area', kind: 'text', link: true },
    { field: 'maxWeight', label: 'fields.maxWeight', kind: 'weight', sortable: true },
    { field: 'bands', label: 'fields.bandCount', kind: 'count' },
    { field: 'updatedAt', label: 'fields.updatedAt', kind: 'date' },
  ],
  filters: [{ field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true }],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
        { name: 'maxWeight', label: 'fields.maxWeight', kind: 'number', required: true },
        weightBandsField,
      ],
    },
  ],
  defaults: { bands: [{ s_weight: 0, e_weight: 1000, price: 0 }] },
  viewPanels: ['feePreview'],
  bands: { keys: WEIGHT_BAND_KEYS, measure: 'weight' },
});

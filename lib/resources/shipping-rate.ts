import { DISTANCE_BAND_KEYS, DISTANCE_UNITS, shippingRateContract } from '@contract/resources/shipping-rate';
import { defineScreen } from './screen';

const UNITS = DISTANCE_UNITS.map((value) => ({ value, label: `shippingRate.units.${value}` }));

/** Delivery Settings → Delivery fee: each area's distance bands, edited as one table, with a fee preview. */
export const shippingRateResource = defineScreen(shippingRateContract, {
  key: 'shippingRate',
  namespace: 'shippingRate',
  labelField: 'areaName',
  columns: [
    { field: 'areaName', label: 'fields.area', kind: 'text', link: true },
    { field: 'unit', label: 'fields.unit', kind: 'text', sortable: true },
    { field: 'deliveryDistance', label: 'fields.deliveryDistance', kind: 'text', sortable: true },
    { field: 'bands', label: 'fields.bandCount', kind: 'count' },
    { field: 'updatedAt', label: 'fields.updatedAt', kind: 'date' },
  ],
  filters: [
    { field: 'unit', label: 'fields.unit', kind: 'select', options: UNITS },
    { field: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true },
  ],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'areaId', label: 'fields.area', kind: 'select', optionsFrom: 'areas', adminOnly: true, createOnly: true, required: true },
        { name: 'unit', label: 'fields.unit', kind: 'select', options: UNITS, required: true },
        { name: 'deliveryDistance', label: 'fields.deliveryDistance', kind: 'number', required: true },
        {
          name: 'bands',
          label: 'fields.bands',
          kind: 'rows',
          required: true,
          rows: {
            add: 'addBand',
            limit: 'deliveryDistance',
            chain: { from: 's_distance', to: 'e_distance' },
            fields: [
              { name: 's_distance', label: 'fields.s_distance', kind: 'number', required: true },
              { name: 'e_distance', label: 'fields.e_distance', kind: 'number', required: true },
              { name: 'price', label: 'fields.price', kind: 'money', required: true },
              { name: 'freeDelivery', label: 'fields.freeDelivery', kind: 'checkbox' },
              { name: 'estimateTime', label: 'fields.estimateTime', kind: 'number', required: true },
            ],
          },
        },
      ],
    },
  ],
  defaults: { unit: 'Kilometer', bands: [{ s_distance: 0, e_distance: 3, price: 0, freeDelivery: false, estimateTime: 20 }] },
  viewPanels: ['feePreview'],
  bands: { keys: DISTANCE_BAND_KEYS, measure: 'distance', unitField: 'unit' },
});

import { OPEN_STATUSES } from '../lifecycle/shops';
import { bandList, bandRules } from '../fee-bands';
import { enumField, intField, nameField } from '../fields';
import { filter } from '../list';
import { defineResourceContract } from '../resource';
import { WEIGHT_BAND_KEYS, weightBand } from './messenger-fee';

/**
 * Marketplace → Carrier: a carrier a Marketplace shop ships with, open or closed, and its weight table: bands in gram
 * up to the heaviest parcel it takes (`maxWeight`), each with its price in satang, under exactly the messenger fee's
 * band rules (contract/fee-bands.ts). Its page is `Carrier/{id}` (the spec's path, without `View`).
 */
export const carrierContract = defineResourceContract({
  name: 'Carrier',
  noun: 'carrier',
  path: 'Carrier',
  scope: 'area',
  fields: {
    name: nameField(),
    status: enumField(OPEN_STATUSES),
    maxWeight: intField(1, 1_000_000),
    bands: bandList(weightBand),
  },
  refine: bandRules(WEIGHT_BAND_KEYS),
  sort: ['name', 'maxWeight', 'createdAt'],
  defaultSort: 'name',
  defaultOrder: 'asc',
  search: ['name'],
  filters: { status: filter.oneOf(OPEN_STATUSES), areaId: filter.ref() },
});

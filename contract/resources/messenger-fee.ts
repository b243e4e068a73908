import { z } from 'zod';
import { bandList, bandRules, type BandKeys } from '../fee-bands';
import { intField, satangField } from '../fields';
import { filter } from '../list';
import { defineResourceContract } from '../resource';

export const WEIGHT_BAND_KEYS: BandKeys = { start: 's_weight', end: 'e_weight', limit: 'maxWeight', overLimit: 'weightOverLimit' };

export const weightBand = z.object({
  /** Gram. */
  s_weight: intField(0, 1_000_000),
  e_weight: intField(0, 1_000_000),
  /** Satang. */
  price: satangField(),
});
export type WeightBand = z.infer<typeof weightBand>;

/**
 * Messenger fee (Delivery Settings → Messenger): an area's parcel weight bands in gram, up to the heaviest parcel it
 * takes (`maxWeight`). One table per area; a parcel order placed in the area is charged by it.
 */
export const messengerFeeContract = defineResourceContract({
  name: 'MessengerFee',
  noun: 'messenger fee table',
  path: 'Messenger',
  scope: 'area',
  fields: {
    maxWeight: intField(1, 1_000_000),
    bands: bandList(weightBand),
  },
  refine: bandRules(WEIGHT_BAND_KEYS),
  sort: ['maxWeight', 'createdAt'],
  defaultSort: 'createdAt',
  search: [],
  filters: { areaId: filter.ref() },
});

import { z } from 'zod';
import { bandList, bandRules, type BandKeys } from '../fee-bands';
import { boolField, enumField, intField, satangField } from '../fields';
import { filter } from '../list';
import { defineResourceContract } from '../resource';

/** The spec's delivery units. */
export const DISTANCE_UNITS = ['Kilometer', 'Mile'] as const;
export const DISTANCE_BAND_KEYS: BandKeys = { start: 's_distance', end: 'e_distance', limit: 'deliveryDistance', overLimit: 'distanceOverLimit' };

const distanceBand = z.object({
  s_distance: intField(0, 100_000),
  e_distance: intField(0, 100_000),
  /** Satang; a free band charges nothing whatever its price. */
  price: satangField(),
  freeDelivery: boolField().default(false),
  /** Minutes. */
  estimateTime: intField(0, 1_440),
});
export type DistanceBand = z.infer<typeof distanceBand>;

/**
 * Delivery fee (Delivery Settings → ShippingRate): an area's distance bands in one unit, up to the distance it
 * delivers (`deliveryDistance`). One table per area and unit.
 */
export const shippingRateContract = defineResourceContract({
  name: 'ShippingRate',
  noun: 'delivery fee table',
  path: 'ShippingRate',
  scope: 'area',
  fields: {
    unit: enumField(DISTANCE_UNITS),
    deliveryDistance: intField(1, 100_000),
    bands: bandList(distanceBand),
  },
  refine: bandRules(DISTANCE_BAND_KEYS),
  sort: ['unit', 'deliveryDistance', 'createdAt'],
  defaultSort: 'createdAt',
  search: [],
  filters: { unit: filter.oneOf(DISTANCE_UNITS), areaId: filter.ref() },
});

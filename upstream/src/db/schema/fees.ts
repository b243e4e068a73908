import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WeightBand } from '../../../../contract/resources/messenger-fee';
import type { DistanceBand } from '../../../../contract/resources/shipping-rate';
import { createdAt, deletedAt, live, pk, updatedAt, version } from './columns';
import { inArea, updatedBy } from './scope';

/** Delivery settings: the fee tables of an area (contract/resources/shipping-rate.ts, messenger-fee.ts). */

/** Delivery fee: distance bands in one unit; one live table per area and unit. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: pk(),
    ...inArea,
    unit: text('unit').$type<'Kilometer' | 'Mile'>().notNull(),
    deliveryDistance: integer('delivery_distance').notNull(),
    bands: jsonb('bands').$type<DistanceBand[]>().notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [uniqueIndex('shipping_rates_area_unit_key').on(t.appId, t.areaId, t.unit).where(live), index('shipping_rates_scope_idx').on(t.appId, t.areaId)],
);

/** Messenger fee: parcel weight bands in gram; one live table per area. */
export const messengerFees = pgTable(
  'messenger_fees',
  {
    id: pk(),
    ...inArea,
    maxWeight: integer('max_weight').notNull(),
    bands: jsonb('bands').$type<WeightBand[]>().notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [uniqueIndex('messenger_fees_area_key').on(t.appId, t.areaId).where(live)],
);

import { distanceKm } from '@contract/geo';
import { bandFor } from '@contract/fee-bands';
import {
  COMPANY_UNIT_OF,
  inUnit,
  METRES_PER_KM,
  TABLE_UNIT_OF,
  toMetres,
  twoDecimals,
  type CompanyDistanceUnit,
  type TableDistanceUnit,
} from '@contract/distance-units';
import { DISTANCE_BAND_KEYS, type DistanceBand } from '@contract/resources/shipping-rate';
import { WEIGHT_BAND_KEYS, type WeightBand } from '@contract/resources/messenger-fee';

/**
 * The pricing rules, free of the database (docs/orders.md section 4, "Delivery pricing"): the distance an order
 * travels, which of an area's delivery fee tables prices it, the band a distance or a weight falls in, and free
 * delivery. The Platform API never takes a fee from the app; these decide it.
 */

export interface DistanceTable {
  unit: TableDistanceUnit;
  /** The farthest it delivers, in the table's unit. */
  deliveryDistance: number;
  bands: DistanceBand[];
}
export interface WeightTable {
  /** The heaviest it takes, in gram. */
  maxWeight: number;
  bands: WeightBand[];
}
export interface Point {
  lat: number;
  lng: number;
}

/** The great-circle (haversine) distance between two points, in whole metres. */
export const distanceMetres = (from: Point, to: Point): number => Math.round(distanceKm(from, to) * METRES_PER_KM);

/**
 * The table that prices an area's orders: the one in the company's unit; without it, the other unit's table, whose
 * bands then take the distance converted into that unit (1 mi = 1.609344 km). None: null.
 */
export function pickDistanceTable<T extends Pick<DistanceTable, 'unit'>>(tables: readonly T[], companyUnit: CompanyDistanceUnit): T | null {
  return tables.find((t) => t.unit === TABLE_UNIT_OF[companyUnit]) ?? tables[0] ?? null;
}

export type DistancePrice =
  | { ok: true; fee: number; free: boolean; estimateMinutes: number; band: DistanceBand }
  /** Past the table: `limit` is its `deliveryDistance` in the company's unit. */
  | { ok: false; code: 'distanceOverLimit'; limit: number; unit: CompanyDistanceUnit };

/**
 * What a distance costs by a table: its band (start ≤ distance < end; the table's last end included) in the table's
 * unit, that band's price, or nothing for a `freeDelivery` band, and its estimate time. Past `deliveryDistance`, or
 * past the bands, it is refused (`distanceOverLimit`).
 */
export function priceByDistance(table: DistanceTable, metres: number, companyUnit: CompanyDistanceUnit): DistancePrice {
  const distance = inUnit(metres, table.unit);
  const band = distance <= table.deliveryDistance ? bandFor(table.bands, DISTANCE_BAND_KEYS, distance) : null;
  if (!band) {
    return { ok: false, code: 'distanceOverLimit', limit: twoDecimals(inUnit(toMetres(table.deliveryDistance, table.unit), companyUnit)), unit: companyUnit };
  }
  return { ok: true, fee: band.freeDelivery ? 0 : band.price, free: band.freeDelivery, estimateMinutes: band.estimateTime, band };
}

export type WeightPrice = { ok: true; fee: number; band: WeightBand } | { ok: false; code: 'weightOverLimit'; limit: number };

/** What a weight (gram) costs by a weight table (messenger fee, a carrier's): its band's price; past it, refused. */
export function priceByWeight(table: WeightTable, grams: number): WeightPrice {
  const band = grams <= table.maxWeight ? bandFor(table.bands, WEIGHT_BAND_KEYS, grams) : null;
  return band ? { ok: true, fee: band.price, band } : { ok: false, code: 'weightOverLimit', limit: table.maxWeight };
}

/** A shipment's weight: each catalogue line's variant weight times its quantity (free lines weigh nothing). */
export const shipmentWeight = (lines: readonly { qty: number; weightGram: number | null }[]): number =>
  lines.reduce((sum, line) => sum + line.qty * (line.weightGram ?? 0), 0);

/** Whether a table's unit is the company's (otherwise its distances are converted). */
export const isCompanyUnit = (unit: TableDistanceUnit, companyUnit: CompanyDistanceUnit): boolean => COMPANY_UNIT_OF[unit] === companyUnit;

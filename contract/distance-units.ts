/**
 * Distance units. The company's unit (Setting/System `distanceUnit`: `km` or `mi`) is the one the back-office shows
 * and takes distances in, and decides which of an area's delivery fee tables (ShippingRate, one per unit: `Kilometer`
 * or `Mile`) prices an order. Distances travel and are stored in metres; 1 mi = 1.609344 km exactly.
 */
export type CompanyDistanceUnit = 'km' | 'mi';
export type TableDistanceUnit = 'Kilometer' | 'Mile';

export const METRES_PER_KM = 1_000;
export const KM_PER_MILE = 1.609344;
export const METRES_PER_MILE = METRES_PER_KM * KM_PER_MILE;

/** The delivery fee table's unit of a company unit, and back. */
export const TABLE_UNIT_OF: Record<CompanyDistanceUnit, TableDistanceUnit> = { km: 'Kilometer', mi: 'Mile' };
export const COMPANY_UNIT_OF: Record<TableDistanceUnit, CompanyDistanceUnit> = { Kilometer: 'km', Mile: 'mi' };

const metresPer = (unit: CompanyDistanceUnit | TableDistanceUnit): number => (unit === 'mi' || unit === 'Mile' ? METRES_PER_MILE : METRES_PER_KM);

/** A distance in metres, in a unit (km or mi, as a company or a table names it). */
export const inUnit = (metres: number, unit: CompanyDistanceUnit | TableDistanceUnit): number => metres / metresPer(unit);

/** A distance in a unit, in metres. */
export const toMetres = (value: number, unit: CompanyDistanceUnit | TableDistanceUnit): number => value * metresPer(unit);

/** A distance given in one unit, in another (6 mi in km: 9.656064). */
export const convertDistance = (value: number, from: CompanyDistanceUnit | TableDistanceUnit, to: CompanyDistanceUnit | TableDistanceUnit): number =>
  inUnit(toMetres(value, from), to);

/** Rounded to two decimals, for showing (a 400's limit, a converted table's band). */
export const twoDecimals = (value: number): number => Math.round(value * 100) / 100;

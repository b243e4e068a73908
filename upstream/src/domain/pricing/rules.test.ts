import { describe, expect, it } from 'vitest';
import { convertDistance, inUnit, KM_PER_MILE, toMetres } from '@contract/distance-units';
import { distanceMetres, isCompanyUnit, pickDistanceTable, priceByDistance, priceByWeight, shipmentWeight, type DistanceTable } from './rules';

const band = (s: number, e: number, price: number, extra: Partial<{ freeDelivery: boolean; estimateTime: number }> = {}) => ({
  s_distance: s,
  e_distance: e,
  price,
  freeDelivery: false,
  estimateTime: 20,
  ...extra,
});
const kmTable: DistanceTable = {
  unit: 'Kilometer',
  deliveryDistance: 15,
  bands: [band(0, 3, 1_500), band(3, 5, 2_500, { estimateTime: 30 }), band(5, 15, 6_000, { estimateTime: 55 })],
};
const mileTable: DistanceTable = {
  unit: 'Mile',
  deliveryDistance: 10,
  bands: [band(0, 4, 2_000, { estimateTime: 25 }), band(4, 10, 3_500, { estimateTime: 40 })],
};
const km = (n: number) => toMetres(n, 'km');

describe('distance (great circle)', () => {
  it('measures a degree of latitude as about 111.2 km, in whole metres', () => {
    expect(distanceMetres({ lat: 13, lng: 100.5 }, { lat: 14, lng: 100.5 })).toBe(111_195);
  });

  it('shrinks a degree of longitude with the cosine of the latitude', () => {
    const atEquator = distanceMetres({ lat: 0, lng: 100 }, { lat: 0, lng: 101 });
    const atBangkok = distanceMetres({ lat: 13.75, lng: 100 }, { lat: 13.75, lng: 101 });
    expect(atBangkok / atEquator).toBeCloseTo(Math.cos((13.75 * Math.PI) / 180), 3);
  });

  it('is zero from a point to itself and the same both ways', () => {
    const a = { lat: 13.7563, lng: 100.5018 };
    const b = { lat: 13.7367, lng: 100.5232 };
    expect(distanceMetres(a, a)).toBe(0);
    expect(distanceMetres(a, b)).toBe(distanceMetres(b, a));
    expect(distanceMetres(a, b)).toBeGreaterThan(3_100);
    expect(distanceMetres(a, b)).toBeLessThan(3_300);
  });
});

describe('units', () => {
  it('converts a mile as exactly 1.609344 km, both ways', () => {
    expect(KM_PER_MILE).toBe(1.609344);
    expect(toMetres(1, 'mi')).toBeCloseTo(1_609.344, 9);
    expect(inUnit(1_609.344, 'Mile')).toBeCloseTo(1, 12);
    expect(convertDistance(6, 'mi', 'km')).toBeCloseTo(9.656064, 9);
    expect(convertDistance(10, 'Kilometer', 'Mile')).toBeCloseTo(6.213712, 6);
  });

  it("prices by the company's unit's table; without it, by the other unit's", () => {
    expect(pickDistanceTable([kmTable, mileTable], 'km')).toBe(kmTable);
    expect(pickDistanceTable([kmTable, mileTable], 'mi')).toBe(mileTable);
    expect(pickDistanceTable([kmTable], 'mi')).toBe(kmTable);
    expect(pickDistanceTable([mileTable], 'km')).toBe(mileTable);
    expect(pickDistanceTable([], 'km')).toBeNull();
    expect(isCompanyUnit('Mile', 'mi')).toBe(true);
    expect(isCompanyUnit('Kilometer', 'mi')).toBe(false);
  });
});

describe('band choice', () => {
  it('charges the band the distance falls in (start included, end excluded), with its estimate time', () => {
    expect(priceByDistance(kmTable, km(0), 'km')).toMatchObject({ ok: true, fee: 1_500, estimateMinutes: 20 });
    expect(priceByDistance(kmTable, km(2.999), 'km')).toMatchObject({ ok: true, fee: 1_500 });
    expect(priceByDistance(kmTable, km(3), 'km')).toMatchObject({ ok: true, fee: 2_500, estimateMinutes: 30 });
    expect(priceByDistance(kmTable, km(14.2), 'km')).toMatchObject({ ok: true, fee: 6_000, estimateMinutes: 55 });
  });

  it('takes the limit itself, and refuses past it with the limit in the company unit', () => {
    expect(priceByDistance(kmTable, km(15), 'km')).toMatchObject({ ok: true, fee: 6_000 });
    expect(priceByDistance(kmTable, km(15) + 1, 'km')).toEqual({ ok: false, code: 'distanceOverLimit', limit: 15, unit: 'km' });
    expect(priceByDistance(kmTable, km(15) + 1, 'mi')).toEqual({ ok: false, code: 'distanceOverLimit', limit: 9.32, unit: 'mi' });
  });

  it('refuses a distance the bands do not reach although the limit does', () => {
    const short: DistanceTable = { ...kmTable, deliveryDistance: 20 };
    expect(priceByDistance(short, km(17), 'km')).toMatchObject({ ok: false, code: 'distanceOverLimit', limit: 20 });
  });

  it("reads a Mile table's bands in miles: 6 km is 3.73 mi (first band), 9.7 km is 6.03 mi (second)", () => {
    expect(priceByDistance(mileTable, km(6), 'km')).toMatchObject({ ok: true, fee: 2_000, estimateMinutes: 25 });
    expect(priceByDistance(mileTable, km(9.7), 'km')).toMatchObject({ ok: true, fee: 3_500, estimateMinutes: 40 });
    expect(priceByDistance(mileTable, toMetres(10, 'mi'), 'km')).toMatchObject({ ok: true, fee: 3_500 });
    expect(priceByDistance(mileTable, toMetres(10, 'mi') + 1, 'km')).toEqual({ ok: false, code: 'distanceOverLimit', limit: 16.09, unit: 'km' });
  });
});

describe('free delivery', () => {
  it('charges nothing in a free band whatever its price, and keeps its estimate time', () => {
    const table: DistanceTable = { ...kmTable, bands: [band(0, 3, 1_500, { freeDelivery: true, estimateTime: 15 }), band(3, 15, 4_000)] };
    expect(priceByDistance(table, km(1), 'km')).toMatchObject({ ok: true, fee: 0, free: true, estimateMinutes: 15 });
    expect(priceByDistance(table, km(4), 'km')).toMatchObject({ ok: true, fee: 4_000, free: false });
  });
});

describe('weight tables', () => {
  const weights = {
    maxWeight: 20_000,
    bands: [
      { s_weight: 0, e_weight: 1_000, price: 3_000 },
      { s_weight: 1_000, e_weight: 20_000, price: 9_000 },
    ],
  };

  it('charges the band of the weight, the heaviest included, and refuses past it', () => {
    expect(priceByWeight(weights, 0)).toMatchObject({ ok: true, fee: 3_000 });
    expect(priceByWeight(weights, 1_000)).toMatchObject({ ok: true, fee: 9_000 });
    expect(priceByWeight(weights, 20_000)).toMatchObject({ ok: true, fee: 9_000 });
    expect(priceByWeight(weights, 20_001)).toEqual({ ok: false, code: 'weightOverLimit', limit: 20_000 });
  });

  it("weighs a shipment by its variants' weights times their quantities; free lines weigh nothing", () => {
    expect(
      shipmentWeight([
        { qty: 2, weightGram: 450 },
        { qty: 1, weightGram: 1_200 },
        { qty: 3, weightGram: null },
      ]),
    ).toBe(2_100);
    expect(shipmentWeight([])).toBe(0);
  });
});

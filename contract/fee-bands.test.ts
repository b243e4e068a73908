import { describe, expect, it } from 'vitest';
import { bandFor } from './fee-bands';
import { messengerFeeContract } from './resources/messenger-fee';
import { DISTANCE_BAND_KEYS, shippingRateContract } from './resources/shipping-rate';

const band = (s: number, e: number, price = 1000) => ({ s_distance: s, e_distance: e, price, freeDelivery: false, estimateTime: 20 });
const table = (bands: unknown[], deliveryDistance = 15) => ({ unit: 'Kilometer', deliveryDistance, bands });
const errorsOf = (body: unknown) => {
  const result = shippingRateContract.schemas.create.safeParse(body);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('fee bands (contract/fee-bands.ts)', () => {
  it('accepts bands that start at 0 and join up to the limit, in any order', () => {
    expect(errorsOf(table([band(5, 15), band(0, 3), band(3, 5)]))).toEqual({});
  });

  it("says 'Distance error' on an end at or before its start", () => {
    expect(errorsOf(table([band(0, 3), band(3, 3)]))).toEqual({ 'bands.1.e_distance': 'distanceError' });
    expect(errorsOf(table([band(0, 3), band(3, 2)]))).toMatchObject({ 'bands.1.e_distance': 'distanceError' });
  });

  it('refuses a gap, an overlap and a first band that does not start at 0, on the start that breaks it', () => {
    expect(errorsOf(table([band(0, 3), band(4, 6)]))).toEqual({ 'bands.1.s_distance': 'bandGap' });
    expect(errorsOf(table([band(0, 3), band(2, 6)]))).toEqual({ 'bands.1.s_distance': 'bandOverlap' });
    expect(errorsOf(table([band(1, 3)]))).toEqual({ 'bands.0.s_distance': 'bandGap' });
  });

  it("says 'Distance not more than' on a band past the table's limit", () => {
    expect(errorsOf(table([band(0, 10), band(10, 20)], 15))).toEqual({ 'bands.1.e_distance': 'distanceOverLimit' });
  });

  it('applies the same rules to weight bands, with the weight message', () => {
    const result = messengerFeeContract.schemas.create.safeParse({
      maxWeight: 5000,
      bands: [
        { s_weight: 0, e_weight: 1000, price: 3000 },
        { s_weight: 1500, e_weight: 6000, price: 5000 },
      ],
    });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      'bands.1.e_weight': 'weightOverLimit',
      'bands.1.s_weight': 'bandGap',
    });
  });

  it('needs at least one band and whole numbers', () => {
    expect(errorsOf(table([]))).toEqual({ bands: 'required' });
    expect(errorsOf(table([{ ...band(0, 3), price: 10.5 }]))).toEqual({ 'bands.0.price': 'integer' });
  });

  it('finds the band of a value: start included, end excluded, the last end included', () => {
    const bands = [band(0, 3, 1500), band(3, 5, 2500), band(5, 15, 4000)];
    expect(bandFor(bands, DISTANCE_BAND_KEYS, 0)?.price).toBe(1500);
    expect(bandFor(bands, DISTANCE_BAND_KEYS, 2.99)?.price).toBe(1500);
    expect(bandFor(bands, DISTANCE_BAND_KEYS, 3)?.price).toBe(2500);
    expect(bandFor(bands, DISTANCE_BAND_KEYS, 15)?.price).toBe(4000);
    expect(bandFor(bands, DISTANCE_BAND_KEYS, 15.01)).toBeNull();
    expect(bandFor(bands, DISTANCE_BAND_KEYS, -1)).toBeNull();
    expect(bandFor(bands, DISTANCE_BAND_KEYS, Number.NaN)).toBeNull();
  });
});

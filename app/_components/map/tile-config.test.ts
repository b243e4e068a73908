import { describe, expect, it } from 'vitest';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, parseTileConfig } from './tile-config';
import { isPlaceable, markerSignature } from './types';

describe('map tile configuration', () => {
  it('defaults to OpenStreetMap with its attribution', () => {
    expect(parseTileConfig({})).toEqual({ url: DEFAULT_TILE_URL, attribution: DEFAULT_TILE_ATTRIBUTION });
  });

  it('takes another template and its attribution', () => {
    const env = { MAP_TILE_URL: 'http://tiles.local:8080/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Local' };
    expect(parseTileConfig(env)).toEqual({ url: env.MAP_TILE_URL, attribution: '© Local' });
    expect(parseTileConfig({ MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' })?.attribution).toBe(DEFAULT_TILE_ATTRIBUTION);
  });

  it('turns tiles off for none or a value that is not a tile template', () => {
    for (const value of ['', 'none', 'OFF', 'https://tiles.example/map.png', 'javascript:alert(1)/{z}/{x}/{y}', 'ftp://x/{z}/{x}/{y}']) {
      expect(parseTileConfig({ MAP_TILE_URL: value }), value).toBeNull();
    }
  });
});

describe('markers', () => {
  it('places only finite coordinates in range', () => {
    expect(isPlaceable({ lat: 13.7, lng: 100.5 })).toBe(true);
    expect(isPlaceable({ lat: Number.NaN, lng: 100 })).toBe(false);
    expect(isPlaceable({ lat: 91, lng: 0 })).toBe(false);
    expect(isPlaceable({ lat: 0, lng: -181 })).toBe(false);
  });

  it('changes the signature with the look, not with the position', () => {
    const base = { id: '1', lat: 1, lng: 2, label: 'A', tone: 'success' as const };
    expect(markerSignature({ ...base, lat: 5 }, false)).toBe(markerSignature(base, false));
    expect(markerSignature({ ...base, tone: 'danger' }, false)).not.toBe(markerSignature(base, false));
    expect(markerSignature(base, true)).not.toBe(markerSignature(base, false));
  });
});

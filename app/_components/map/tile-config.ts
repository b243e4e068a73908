import type { MapTiles } from './types';

/** OpenStreetMap's standard tiles: the default of `MAP_TILE_URL`. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/** Values of `MAP_TILE_URL` that turn tiles off: the markers are drawn on a plain base. */
const OFF = new Set(['', 'none', 'off', 'false']);

/**
 * The map tiles from the environment: `MAP_TILE_URL` (a `{z}/{x}/{y}` template over http or https; unset → OpenStreetMap,
 * `none` → no tiles) and `MAP_TILE_ATTRIBUTION`. A value that is not such a template is ignored (no tiles), so a typo
 * never puts broken images on the page.
 */
export function parseTileConfig(env: Record<string, string | undefined>): MapTiles | null {
  const raw = env.MAP_TILE_URL;
  const url = raw === undefined ? DEFAULT_TILE_URL : raw.trim();
  if (OFF.has(url.toLowerCase())) return null;
  if (!/^https?:\/\/[^/\s]+\/\S*$/i.test(url) || !['{z}', '{x}', '{y}'].every((part) => url.includes(part))) return null;
  const attribution = env.MAP_TILE_ATTRIBUTION?.trim() || (url === DEFAULT_TILE_URL || /openstreetmap\.org/i.test(url) ? DEFAULT_TILE_ATTRIBUTION : '');
  return { url, attribution };
}

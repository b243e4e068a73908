import 'server-only';
import { parseTileConfig } from './tile-config';
import type { MapTiles } from './types';

/** The configured map tiles for a server component to hand to `MapView` (read per request, so a restart applies a change). */
export function mapTiles(): MapTiles | null {
  return parseTileConfig(process.env);
}

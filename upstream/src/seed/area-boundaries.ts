import { bboxOf, centroidOf, polygonOf, type Position } from '@contract/geo';

/**
 * The demo areas' boundaries (`Setting/ServiceArea`): rough outlines around each city, `[lng, lat]`, apart from each
 * other, each wide enough that every seeded shop, member, biker and order point (within 0.05° of the area's centre)
 * lies inside it.
 */
const OUTLINES: Record<string, Position[]> = {
  Bangkok: [
    [100.33, 13.62],
    [100.5, 13.58],
    [100.66, 13.63],
    [100.7, 13.76],
    [100.64, 13.88],
    [100.5, 13.91],
    [100.36, 13.86],
    [100.31, 13.74],
  ],
  'Chiang Mai': [
    [98.85, 18.68],
    [98.99, 18.65],
    [99.12, 18.7],
    [99.15, 18.8],
    [99.08, 18.91],
    [98.96, 18.93],
    [98.86, 18.87],
    [98.82, 18.78],
  ],
  Phuket: [
    [98.28, 7.78],
    [98.4, 7.75],
    [98.48, 7.82],
    [98.47, 7.96],
    [98.38, 8.01],
    [98.29, 7.96],
    [98.26, 7.87],
  ],
};

/** An area's boundary columns (none for an area without an outline). */
export function areaBoundary(name: string) {
  const outline = OUTLINES[name];
  if (!outline) return {};
  const boundary = polygonOf(outline);
  const centre = centroidOf(boundary);
  return { boundary, centerLat: centre.lat, centerLng: centre.lng, ...bboxOf(boundary) };
}

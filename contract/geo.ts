/**
 * Plane geometry of service areas, shared by the portal (drawing) and the Platform API (overlap, lookups). A boundary
 * is a GeoJSON Polygon with one ring in WGS84 `[lng, lat]` order; the areas are a city wide at most, so lng/lat are
 * treated as plane coordinates (no PostGIS needed: the same answers on any PostgreSQL, PGlite included).
 *
 * Two areas overlap when their interiors meet: sharing an edge or a vertex is allowed. Comparisons allow a tolerance
 * of `EPS` degrees (about 0.1 mm), far below the 7 decimals coordinates are kept at.
 */
export type Position = [number, number];
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Position[][];
}
export interface BBox {
  minLat: number;
  minLng: number;
  maxLat: number;
  maxLng: number;
}

/** Distance tolerance, in degrees. */
export const EPS = 1e-9;
/** The most vertices one boundary may have. */
export const MAX_VERTICES = 500;

/** What is wrong with a ring, or null when it is a valid boundary. */
export type PolygonProblem = 'tooFewPoints' | 'tooManyPoints' | 'notClosed' | 'outOfRange' | 'selfIntersecting' | 'noArea';

const same = (a: Position, b: Position) => Math.abs(a[0] - b[0]) <= EPS && Math.abs(a[1] - b[1]) <= EPS;

/** The ring's distinct vertices in order (the closing point dropped, repeated neighbours merged). */
export function verticesOf(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  for (const p of ring) if (out.length === 0 || !same(out[out.length - 1]!, p)) out.push([p[0], p[1]]);
  while (out.length > 1 && same(out[0]!, out[out.length - 1]!)) out.pop();
  return out;
}

/** A closed ring (first point repeated last) from vertices. */
export function closeRing(vertices: readonly Position[]): Position[] {
  const v = verticesOf(vertices);
  return v.length === 0 ? [] : [...v, [v[0]![0], v[0]![1]]];
}

/** The polygon of a list of vertices, closed, coordinates rounded to 7 decimals. */
export function polygonOf(vertices: readonly Position[]): PolygonGeometry {
  const round = (n: number) => Math.round(n * 1e7) / 1e7;
  return { type: 'Polygon', coordinates: [closeRing(vertices.map(([lng, lat]) => [round(lng), round(lat)] as Position))] };
}

/** Twice the signed area (positive: counter-clockwise in lng/lat). */
function doubleArea(v: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) {
    const a = v[i]!;
    const b = v[(i + 1) % v.length]!;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum;
}

/** Orientation of `c` against the line `a`→`b`: 1 left, -1 right, 0 on it (within EPS of the line). */
function orient(a: Position, b: Position, c: Position): number {
  const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (Math.abs(cross) <= EPS * Math.max(len, EPS)) return 0;
  return cross > 0 ? 1 : -1;
}

/** Whether `p` lies on the segment `a`–`b` (within EPS). */
function onSegment(a: Position, b: Position, p: Position): boolean {
  if (orient(a, b, p) !== 0) return false;
  return p[0] >= Math.min(a[0], b[0]) - EPS && p[0] <= Math.max(a[0], b[0]) + EPS && p[1] >= Math.min(a[1], b[1]) - EPS && p[1] <= Math.max(a[1], b[1]) + EPS;
}

/** Whether two segments cross at one point inside both (not at an end, not along a common line). */
function properlyCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  return o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0 && o1 !== o2 && o3 !== o4;
}

/** Whether two segments share any point. */
function segmentsTouch(a: Position, b: Position, c: Position, d: Position): boolean {
  return properlyCross(a, b, c, d) || onSegment(a, b, c) || onSegment(a, b, d) || onSegment(c, d, a) || onSegment(c, d, b);
}

const edgesOf = (v: readonly Position[]): [Position, Position][] => v.map((p, i) => [p, v[(i + 1) % v.length]!]);

/** The first problem of a ring, or null: closed, 3 to 500 distinct points in range, no edge meets another but at a shared vertex. */
export function polygonProblem(ring: readonly Position[]): PolygonProblem | null {
  if (ring.length < 4) return 'tooFewPoints';
  if (!same(ring[0]!, ring[ring.length - 1]!)) return 'notClosed';
  if (ring.some(([lng, lat]) => !Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90)) return 'outOfRange';
  const v = verticesOf(ring);
  if (v.length < 3) return 'tooFewPoints';
  if (v.length > MAX_VERTICES) return 'tooManyPoints';
  const edges = edgesOf(v);
  const n = edges.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [a, b] = edges[i]!;
      const [c, d] = edges[j]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (!adjacent) {
        if (segmentsTouch(a, b, c, d)) return 'selfIntersecting';
        continue;
      }
      // Neighbours share one vertex; they may not fold back along each other.
      const shared = j === i + 1 ? b : a;
      const other1 = j === i + 1 ? a : b;
      const other2 = j === i + 1 ? d : c;
      if (orient(other1, shared, other2) === 0 && (onSegment(shared, other1, other2) || onSegment(shared, other2, other1))) return 'selfIntersecting';
    }
  }
  if (Math.abs(doubleArea(v)) <= EPS * EPS) return 'noArea';
  return null;
}

export const isValidPolygon = (polygon: PolygonGeometry): boolean => polygon.coordinates.length === 1 && polygonProblem(polygon.coordinates[0]!) === null;

export function bboxOf(polygon: PolygonGeometry): BBox {
  const ring = polygon.coordinates[0] ?? [];
  const lngs = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return { minLat: Math.min(...lats), minLng: Math.min(...lngs), maxLat: Math.max(...lats), maxLng: Math.max(...lngs) };
}

/** Whether two boxes share interior (touching sides do not count). */
export const bboxesOverlap = (a: BBox, b: BBox): boolean =>
  a.minLng < b.maxLng - EPS && b.minLng < a.maxLng - EPS && a.minLat < b.maxLat - EPS && b.minLat < a.maxLat - EPS;

/** The centroid of the polygon's area, `{lat, lng}` rounded to 7 decimals. */
export function centroidOf(polygon: PolygonGeometry): { lat: number; lng: number } {
  const v = verticesOf(polygon.coordinates[0] ?? []);
  const round = (n: number) => Math.round(n * 1e7) / 1e7;
  const a2 = doubleArea(v);
  if (v.length === 0) return { lat: 0, lng: 0 };
  if (Math.abs(a2) <= EPS * EPS) {
    return { lng: round(v.reduce((s, p) => s + p[0], 0) / v.length), lat: round(v.reduce((s, p) => s + p[1], 0) / v.length) };
  }
  // Relative to the first vertex, so large coordinates keep their precision.
  const [ox, oy] = v[0]!;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < v.length; i++) {
    const [x1, y1] = [v[i]![0] - ox, v[i]![1] - oy];
    const [x2, y2] = [v[(i + 1) % v.length]![0] - ox, v[(i + 1) % v.length]![1] - oy];
    const f = x1 * y2 - x2 * y1;
    cx += (x1 + x2) * f;
    cy += (y1 + y2) * f;
  }
  return { lng: round(ox + cx / (3 * a2)), lat: round(oy + cy / (3 * a2)) };
}

/** Where a point is against a ring's vertices: inside, on its boundary, or outside. */
function locate(v: readonly Position[], p: Position): 'inside' | 'boundary' | 'outside' {
  let inside = false;
  for (let i = 0, j = v.length - 1; i < v.length; j = i++) {
    const a = v[i]!;
    const b = v[j]!;
    if (onSegment(a, b, p)) return 'boundary';
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside ? 'inside' : 'outside';
}

/** Whether a point (`lng`, `lat`) is in the polygon, its boundary included. */
export function containsPoint(polygon: PolygonGeometry, lng: number, lat: number): boolean {
  return locate(verticesOf(polygon.coordinates[0] ?? []), [lng, lat]) !== 'outside';
}

/** Counter-clockwise vertices. */
const ccw = (v: Position[]) => (doubleArea(v) < 0 ? [...v].reverse() : v);

/**
 * Whether `a`'s boundary, cut where it meets `b`'s, has a piece inside `b`, or a piece along `b`'s boundary with both
 * interiors on the same side (identical or nested polygons sharing an edge).
 */
function boundaryEnters(a: Position[], b: Position[]): boolean {
  const bEdges = edgesOf(b);
  for (const [p, q] of edgesOf(a)) {
    // Where b's vertices lie on this edge, as fractions along it.
    const len2 = (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2;
    const cuts = [0, 1];
    for (const w of b) {
      if (onSegment(p, q, w)) cuts.push(((w[0] - p[0]) * (q[0] - p[0]) + (w[1] - p[1]) * (q[1] - p[1])) / len2);
    }
    cuts.sort((x, y) => x - y);
    for (let k = 0; k + 1 < cuts.length; k++) {
      if (cuts[k + 1]! - cuts[k]! <= 1e-12) continue;
      const t = (cuts[k]! + cuts[k + 1]!) / 2;
      const m: Position = [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
      const where = locate(b, m);
      if (where === 'inside') return true;
      if (where === 'boundary') {
        // Along an edge of b: both counter-clockwise, the same direction puts both interiors on its left.
        const along = bEdges.find(([c, d]) => onSegment(c, d, m) && orient(c, d, p) === 0 && orient(c, d, q) === 0);
        if (along && (q[0] - p[0]) * (along[1][0] - along[0][0]) + (q[1] - p[1]) * (along[1][1] - along[0][1]) > 0) return true;
      }
    }
  }
  return false;
}

/** Whether two valid polygons' interiors meet (overlap); touching along an edge or at a vertex does not count. */
export function polygonsOverlap(first: PolygonGeometry, second: PolygonGeometry): boolean {
  if (!bboxesOverlap(bboxOf(first), bboxOf(second))) return false;
  const a = ccw(verticesOf(first.coordinates[0] ?? []));
  const b = ccw(verticesOf(second.coordinates[0] ?? []));
  for (const [p, q] of edgesOf(a)) for (const [c, d] of edgesOf(b)) if (properlyCross(p, q, c, d)) return true;
  return boundaryEnters(a, b) || boundaryEnters(b, a);
}

const EARTH_RADIUS_KM = 6371.0088;

/** The great-circle distance between two points, in km (haversine; within a city it is exact to a few metres). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
